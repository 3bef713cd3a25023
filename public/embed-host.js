/*! Lockstep embed host: resizes Lockstep iframes to their content and re-dispatches their events.
 * Include once on the page: <script src="https://YOUR-LOCKSTEP-HOST/embed-host.js" defer></script>
 * Each iframe then receives a "lockstep" DOM event for every event message, with the message as event.detail. */
(function () {
  // Only frames of a Lockstep whose embed-host.js the page loaded are heard: any other frame on the course page could
  // post the same shape of message, to stretch itself or to report a forged score. A page may embed several sites.
  var script = document.currentScript;
  if (!script || !script.src) {
    console.warn('Lockstep embed host: load embed-host.js with <script src>, so it knows which frames are Lockstep.');
    return;
  }
  var embeds = (window.lockstepEmbeds = window.lockstepEmbeds || []);
  var embed = new URL('embed.html', script.src).href;
  if (embeds.indexOf(embed) < 0) embeds.push(embed);
  // A page that pastes several embed snippets loads this several times: one listener, or each event arrives twice.
  if (window.lockstepEmbedHost) return;
  window.lockstepEmbedHost = true;
  // The tallest a widget may ask for: a full-layout quiz is about 6,100 px; past this the frame scrolls itself.
  var MAX_HEIGHT = 12000;
  var isLockstepFrame = function (frame, origin) {
    var src = new URL(frame.src, location.href);
    return src.origin === origin && embeds.indexOf(src.origin + src.pathname) >= 0;
  };
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== 'lockstep' || data.version !== 1) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      if (!isLockstepFrame(frame, event.origin)) return;
      if (data.kind === 'resize' && typeof data.height === 'number' && data.height > 0) {
        frame.style.height = Math.ceil(Math.min(data.height, MAX_HEIGHT)) + 'px';
      } else if (data.kind === 'event') {
        frame.dispatchEvent(new CustomEvent('lockstep', { detail: data }));
      }
      return;
    }
  });
})();

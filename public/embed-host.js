/*! Lockstep embed host: resizes Lockstep iframes to their content and re-dispatches their events.
 * Include once on the page: <script src="https://YOUR-LOCKSTEP-HOST/embed-host.js" defer></script>
 * Each iframe then receives a "lockstep" DOM event for every event message, with the message as event.detail. */
(function () {
  // A page that pastes several embed snippets loads this several times: one listener, or each event arrives twice.
  if (window.lockstepEmbedHost) return;
  window.lockstepEmbedHost = true;
  // Only frames of this script's own Lockstep are heard: any other frame on the course page could post the same
  // shape of message, to stretch itself or to report a forged score.
  var script = document.currentScript;
  var lockstepEmbed = script && script.src ? new URL('embed.html', script.src).href : null;
  // The tallest a widget may ask for: a full-layout quiz is about 6,100 px; past this the frame scrolls itself.
  var MAX_HEIGHT = 12000;
  var isLockstepFrame = function (frame, origin) {
    var src = new URL(frame.src, location.href);
    if (src.origin !== origin) return false;
    return lockstepEmbed ? src.origin + src.pathname === lockstepEmbed : /\/embed\.html$/.test(src.pathname);
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

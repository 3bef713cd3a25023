/*! Lockstep embed host: resizes Lockstep iframes to their content and re-dispatches their events.
 * Include once on the page: <script src="https://YOUR-LOCKSTEP-HOST/embed-host.js" defer></script>
 * Each iframe then receives a "lockstep" DOM event for every event message, with the message as event.detail. */
(function () {
  // A page that pastes several embed snippets loads this several times: one listener, or each event arrives twice.
  if (window.lockstepEmbedHost) return;
  window.lockstepEmbedHost = true;
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || data.source !== 'lockstep' || data.version !== 1) return;
    var frames = document.getElementsByTagName('iframe');
    for (var i = 0; i < frames.length; i++) {
      var frame = frames[i];
      if (frame.contentWindow !== event.source) continue;
      // Only the frame's own origin may resize it.
      if (new URL(frame.src, location.href).origin !== event.origin) return;
      if (data.kind === 'resize' && typeof data.height === 'number' && data.height > 0) {
        frame.style.height = Math.ceil(data.height) + 'px';
      } else if (data.kind === 'event') {
        frame.dispatchEvent(new CustomEvent('lockstep', { detail: data }));
      }
      return;
    }
  });
})();

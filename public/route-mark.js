// Runs before the page is drawn. It marks the page as scripted, which hides the note for readers without
// JavaScript; and where the prerendered markup is not the page asked for, it hides that markup until the app draws
// the page the address names: ?lab and ?present on index.html (the lesson), and on embed.html every widget but the
// compact walkthrough player (src/route/route.ts reads the same parameters). In a frame sandboxed without
// allow-same-origin the widget's module scripts are refused, so embed.html keeps its note and hides the player.
// It also holds a press on a prerendered control made before the page's entry has run (the lesson's markup shows
// while it is still arriving; module scripts run only once it all has): src/components/held-presses.ts takes these
// over and makes them once their part is live.
// An external file: the CSP allows no inline script.
(function () {
  var held = [];
  function hold(event) {
    var control = event.target.closest && event.target.closest('button, a[href], input, label, summary');
    if (!control || !control.closest('[data-gate="loading"]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(control);
  }
  document.addEventListener('click', hold, true);
  window.lockstepEarlyPresses = function () {
    document.removeEventListener('click', hold, true);
    return held.splice(0);
  };

  var marks = document.documentElement.classList;
  marks.add('scripted');
  var params = new URLSearchParams(window.location.search);
  if (/(^|\/)embed\.html$/.test(window.location.pathname)) {
    var widget = params.get('widget');
    if (self.origin === 'null') marks.add('opaque-origin');
    if ((widget !== null && widget !== 'walkthrough') || params.get('layout') === 'full') marks.add('route-elsewhere');
  } else if (params.has('lab') || params.has('present')) marks.add('route-elsewhere');
})();

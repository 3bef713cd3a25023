// Runs before the page is drawn. It marks the page as scripted, which hides the note for readers without
// JavaScript; and where the prerendered markup is not the page asked for, it hides that markup until the app draws
// the page the address names: ?lab and ?present on index.html (the lesson), and on embed.html every widget but the
// compact walkthrough player (src/route/route.ts reads the same parameters). In a frame sandboxed without
// allow-same-origin the widget's module scripts are refused, so embed.html keeps its note and hides the player.
// It also holds a press on a prerendered control made before the page's entry has run (the lesson's markup shows
// while it is still arriving; module scripts run only once it all has): src/components/held-presses.ts takes these
// over and makes them once their part is live. If the page's code cannot load at all, it says so (see below).
// The build serves it under a hashed name (vite.config.ts), so each build's pages run their own copy.
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
  // The page's entry script could not load (a newer build replaced it while this page was kept offline, say): the
  // note at the foot of the screen says so, and its button reloads. src/boot.ts does the same if its code fails.
  window.addEventListener(
    'error',
    function (event) {
      var target = event.target;
      if (target && target.tagName === 'SCRIPT' && target.type === 'module') marks.add('start-failed');
    },
    true,
  );
  document.addEventListener('click', function (event) {
    if (event.target.closest && event.target.closest('[data-reload-page]')) window.location.reload();
  });
  var params = new URLSearchParams(window.location.search);
  if (/(^|\/)embed\.html$/.test(window.location.pathname)) {
    var widget = params.get('widget');
    if (self.origin === 'null') marks.add('opaque-origin');
    if ((widget !== null && widget !== 'walkthrough') || params.get('layout') === 'full') marks.add('route-elsewhere');
  } else if (params.has('lab') || params.has('present')) marks.add('route-elsewhere');
})();

// Runs before the page is drawn. It marks the page as scripted, which hides the note for readers without
// JavaScript; and under ?lab and ?present, where the prerendered lesson (index.html) is not the page asked for, it
// hides that lesson until the app draws the page the address names. An external file: the CSP allows no inline
// script.
(function () {
  document.documentElement.classList.add('scripted');
  var params = new URLSearchParams(window.location.search);
  if (params.has('lab') || params.has('present')) document.documentElement.classList.add('route-elsewhere');
})();

// index.html's entry. The prerendered lesson reads and shows its first step without any script; the code that makes
// it move (React and the simulation) starts once the page has painted, when the browser is idle, or at once where the
// page must change as it opens (src/app/starts-at-once.ts) or the reader moves first. Until a part has hydrated its
// controls say they are loading, and a press on one is held and acted on then (src/components/held-presses.ts).
import './styles.css';
import { startsAtOnce } from '@/app/starts-at-once';
import { firstMove } from '@/components/first-move';
import { holdPresses } from '@/components/held-presses';
import { positionToRestore } from '@/lesson/reading-position';
import { startOffline } from '@/offline/start-offline';
import { localStorageOrNull, progressToRead } from '@/progress/storage-key';

const inLms = import.meta.env.MODE === 'scorm';
// The site works offline after the first visit; a SCORM package lives in its LMS instead.
if (!inLms) startOffline();
const marks = document.documentElement.classList;
// On the presenter (the same parameter src/route/route.ts reads) a clicker's keys are held too.
const presses = holdPresses(document, () => document.getElementById('root'), {
  clicker: new URLSearchParams(window.location.search).has('present'),
});

let starting: Promise<void> | undefined;
/** Fetches and runs the page's code, once. Settles when the page is ready, or could not load. */
function start(): Promise<void> {
  starting ??= load();
  return starting;
}

function load(): Promise<void> {
  return import('./main').then(
    async (page) => {
      await page.pageReady;
      // The signal that the page has started (tests and the bench wait for it).
      marks.add('started');
      presses.started();
    },
    (error: unknown) => {
      // The page stays as prerendered, readable; a note at the foot of the screen says why it does not move. A press
      // held for the code is dropped.
      presses.failed();
      marks.add('start-failed');
      console.error('Lockstep could not load its code; the lesson can be read, but not stepped through.', error);
    },
  );
}

// A print asked for with the keyboard before the code has run would lack the walkthrough's frames, which the code
// draws for paper: hold it until the page is ready. (A print from the browser's menu cannot be held: the
// prerendered page prints a line saying how to get the frames.)
function printWhenReady(event: KeyboardEvent) {
  if (event.key.toLowerCase() !== 'p' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  event.preventDefault();
  void start().then(() => window.print());
}
document.addEventListener('keydown', printWhenReady, true);

/**
 * Settles once the prerendered page has painted and the browser is idle (or after a second at most), so fetching and
 * running the page's code never holds up the first paint, and a page nobody touches still comes alive. A browser too
 * busy to draw any frame (or a tab opened in the background) starts it after three seconds all the same.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 3000);
    // The frame after the next one has been painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 1000 });
        else resolve();
      }),
    );
  });
}

const arrival = {
  prerendered: document.getElementById('root')?.hasAttribute('data-prerendered') ?? false,
  search: window.location.search,
  progressToRead: progressToRead(localStorageOrNull()),
  positionToRestore: positionToRestore(),
  inLms,
};
// Listening starts now, so a move made while the code is on its way also counts for the parts that wait for one.
const moved = firstMove();
const ready = startsAtOnce(arrival) ? start() : Promise.race([moved, afterFirstPaint()]).then(start);
// Once the page is ready, a print is the browser's own again.
void ready.then(() => document.removeEventListener('keydown', printWhenReady, true));

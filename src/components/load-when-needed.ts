import { firstMove } from './first-move';

// The parts of the walkthrough a first view does not show (the toolbar under the diagram, predictions, the end card)
// load after the first view has come alive: on the reader's first move, or when the browser is next idle. Their
// prerendered markup stays meanwhile: a boundary whose code has not arrived keeps what the build wrote, so it still
// reads and prints, and a press on it is held until it has (held-presses.ts).

let open: () => void = () => {};
const needed = new Promise<void>((resolve) => {
  open = resolve;
});
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  // The build's prerender (no document) renders every part.
  if (typeof document === 'undefined') return open();
  // In the next task: the act itself (often a first click on Next) is answered first, and the loading's own work
  // (asking for the files, adding their stylesheets) does not delay it. That work took about 17 ms of a first Next.
  void firstMove().then(() => setTimeout(open, 0));
  // A reader who only listens or looks still gets working controls, without waiting for a move.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(open, { timeout: 2000 });
  else setTimeout(open, 2000);
}

/** The page needs its later parts now, though the reader has not moved: a linked or saved step past the first. */
export function needLaterParts(): void {
  open();
}

/** Settles once the reader first moves, the browser is idle, or `needLaterParts` is called. */
export function laterPartsNeeded(): Promise<void> {
  listen();
  return needed;
}

/** `load`, called only once the later parts are needed: for `lazy()`. */
export function loadWhenNeeded<Module>(load: () => Promise<Module>): () => Promise<Module> {
  listen();
  return () => needed.then(load);
}

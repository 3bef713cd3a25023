// What the console keeps of a run, shared by the worker that cuts it and the page that says so. A module of its own:
// the page must not import console-engine.ts, which brings PGlite's code (about 140 kB gzip) onto the page's thread.

/** Rows a result keeps for display; the rest are counted, not held (a million rows would exhaust the tab). */
export const SHOWN_ROWS = 500;
/** Characters a cell keeps: one 60 MB value would freeze the page that draws it. */
export const CELL_CHARACTERS = 10_000;
/**
 * What a whole run keeps for the page to draw, over all its statements: characters (of cells, column names and
 * error messages, each cell counting at least one, so NULLs and empty strings count) and cells (column headers
 * included). Past either, rows are counted, not kept, and messages are cut: 800,000 NULL cells froze the tab for
 * 34 s. Sized so that drawing a full run takes no task over 100 ms (scripts/bench-console-output.mjs): 20,000 cells
 * took one of about 500 ms.
 */
export const OUTPUT_CHARACTERS = 200_000;
export const OUTPUT_CELLS = 2_000;

/**
 * Statements whose results a run draws: the rest ran and are counted. 3,000 failed statements drew a task of 210 ms,
 * over the 100 ms target, though each message was already cut to nothing.
 */
export const SHOWN_STATEMENTS = 100;

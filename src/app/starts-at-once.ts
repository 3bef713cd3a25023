/** What the page's entry knows about a visit before any of the page's own code has loaded. */
export interface Arrival {
  /** The build wrote the lesson into #root (false on the development server). */
  prerendered: boolean;
  /** The address's query: a step, a fencing mode, a lab setting or another page. */
  search: string;
  /** Saved progress to apply, or storage that cannot be read. */
  progressToRead: boolean;
  /** A reload whose reading position, below the top, only the page's code can put back. */
  positionToRestore: boolean;
  /** A SCORM package, which must report to its LMS as it opens. */
  inLms: boolean;
}

/**
 * Whether the page's code must run as the page opens. A first visit to the prerendered lesson already shows what the
 * code would draw, on every screen (the stylesheet lays it out), so its code starts once the page has painted; a
 * visit whose page differs from that markup (a linked step, saved progress, a reload's reading position, the lab,
 * presenter mode) or that nothing prerendered must draw at once.
 */
export function startsAtOnce(arrival: Arrival): boolean {
  return (
    !arrival.prerendered ||
    arrival.inLms ||
    arrival.search !== '' ||
    arrival.progressToRead ||
    arrival.positionToRestore
  );
}

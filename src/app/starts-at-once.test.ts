import { describe, expect, it } from 'vitest';
import { startsAtOnce, type Arrival } from './starts-at-once';

/** A first visit to the prerendered lesson at its bare address: the one visit whose code may wait to start. */
const firstVisit: Arrival = {
  prerendered: true,
  search: '',
  progressToRead: false,
  positionToRestore: false,
  inLms: false,
};

describe("when the page's code runs", () => {
  it('waits for the first paint on a first visit to the prerendered lesson, on any screen', () => {
    expect(startsAtOnce(firstVisit)).toBe(false);
  });

  it.each([
    ['a linked step', { search: '?step=20' }],
    ['the lab', { search: '?lab' }],
    ['presenter mode', { search: '?present' }],
    ['any query at all, which the page reads and may answer with a notice', { search: '?x' }],
    ['saved progress, or storage that cannot be read', { progressToRead: true }],
    ["a reload's reading position below the top, which the browser leaves to the page", { positionToRestore: true }],
    ['a SCORM package, which reports to its LMS as it opens', { inLms: true }],
    ['a page nothing prerendered (the development server)', { prerendered: false }],
  ])('runs at once for %s', (_, differs) => {
    expect(startsAtOnce({ ...firstVisit, ...differs })).toBe(true);
  });
});

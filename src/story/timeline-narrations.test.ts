import { describe, expect, it } from 'vitest';
import { labNarration } from '@/lab/lab-narration';
import { runScenario } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { labTimeline } from '@/testing/lab-run';
import { narrationsFor } from './timeline-narrations';

const redis = () => labTimeline('?service=redis');

describe('narrationsFor', () => {
  it('narrates each timeline once: the same timeline gives the very same narrations', () => {
    const timeline = redis();
    const first = narrationsFor(timeline, labNarration);
    expect(first).toHaveLength(timeline.frames.length);
    expect(narrationsFor(timeline, labNarration)).toBe(first);
  });

  it("keeps the lab's narration apart from the lesson's for one timeline, whichever is asked first", () => {
    const timeline = redis();
    const lessons = narrationsFor(timeline);
    const labs = narrationsFor(timeline, labNarration);
    // The lab tells Redis's own command; the lesson's words know only its own lock service.
    expect(labs[1]!.caption).toMatch(/SET lock:cert:go\.shop\.example [0-9a-f]+ NX PX 30000/);
    expect(lessons[1]!.caption).not.toMatch(/SET lock:cert/);
    expect(narrationsFor(timeline)).toBe(lessons);
  });
});

describe('a request the story has explained is said again in a line (fidelity review, third read)', () => {
  it.each([true, false])('the walkthrough, fencing %s: no step repeats an earlier step’s words', (fencing) => {
    const timeline = runScenario(buildScenario(), { fencing });
    const captions = narrationsFor(timeline).map((narration) => narration.caption);
    // Only B's two requests (steps 6 and 9) share their words: the same one-line request.
    const repeated = captions.flatMap((caption, index) => (captions.indexOf(caption) < index ? [index + 1] : []));
    expect(repeated).toEqual([9]);
    // The lease's explanation comes once, at A's request (step 2); B's two requests (6, 9) are one line each.
    const explained = captions.flatMap((caption, index) => (caption.includes('ends by itself') ? [index + 1] : []));
    expect(explained).toEqual([2]);
    expect(captions[5]).toBe(
      'Renewer B asks the lock service for the lock: `acquire lock:cert:go.shop.example, lease 30 s`.',
    );
    expect(captions[8]).toBe(captions[5]);
    // B's release explains the token check (step 15); A's later one does not again.
    const releases = captions.flatMap((caption, index) =>
      caption.includes('still names the current lease') ? [index + 1] : [],
    );
    expect(releases).toEqual([15]);
  });
});

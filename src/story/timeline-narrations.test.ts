import { describe, expect, it } from 'vitest';
import { labNarration } from '@/lab/lab-narration';
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

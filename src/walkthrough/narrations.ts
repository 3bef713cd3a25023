import content from 'virtual:lockstep/content';
import type { Timeline } from '@/sim/run';
import { narrate, type Narration } from './narrate';

const cache = new WeakMap<Timeline, readonly Narration[]>();

/** Labels and captions for every step of a timeline, computed once per timeline. */
export function narrationsFor(timeline: Timeline): readonly Narration[] {
  let narrations = cache.get(timeline);
  if (!narrations) {
    narrations = timeline.frames.map((frame) => narrate(frame, timeline, content.captions));
    cache.set(timeline, narrations);
  }
  return narrations;
}

import content from 'virtual:lockstep/content';
import type { Timeline } from '@/sim/run';
import { narrate, type Narration, type NarrationExtension } from './narrate';

/** Per narration, then per timeline: a lab run told in the lab's words is never handed the lesson's, or back. */
const caches = new Map<NarrationExtension | null, WeakMap<Timeline, readonly Narration[]>>();

/**
 * Labels and captions for every step of a timeline, computed once per timeline and narration. The lab passes
 * its narration for the steps only its runs have.
 */
export function narrationsFor(timeline: Timeline, extension: NarrationExtension | null = null): readonly Narration[] {
  let cache = caches.get(extension);
  if (!cache) caches.set(extension, (cache = new WeakMap()));
  let narrations = cache.get(timeline);
  if (!narrations) {
    const steps = { ...content.captions.steps, ...extension?.steps };
    narrations = timeline.frames.map((frame) => narrate(frame, timeline, steps, extension));
    cache.set(timeline, narrations);
  }
  return narrations;
}

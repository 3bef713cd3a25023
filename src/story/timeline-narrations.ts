import content from 'virtual:lockstep/content';
import type { Timeline } from '@/sim/run';
import { captionKeyOf } from '@/content/caption-key-of';
import type { CaptionKey } from '@/content/caption-keys';
import { narrate, type Narration, type NarrationExtension } from './narrate';
import { known } from '@/sim/known';

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
    // A request the story has already explained is said again in a line: the first time's sentence, not its twin.
    const keys = timeline.frames.map((frame) => extension?.keyOf(frame, timeline) ?? captionKeyOf(frame.happening));
    narrations = timeline.frames.map((frame, index) => {
      const key = known(keys[index]);
      const again = AGAIN[key];
      const told = again && keys.slice(0, index).includes(key) ? again : key;
      return narrate(frame, timeline, steps, extension, told);
    });
    cache.set(timeline, narrations);
  }
  return narrations;
}

/** The requests a story explains the first time only. */
const AGAIN: Partial<Record<CaptionKey, CaptionKey>> = {
  acquireRequested: 'acquireRequestedAgain',
  releaseRequested: 'releaseRequestedAgain',
};

import fc from 'fast-check';
import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import { CAPTION_CLAIMS } from '@/testing/claims/caption-claims';
import { claimHolds } from '@/testing/claims/claim-holds';
import { captionKeyOf } from '@/content/caption-key-of';
import { labPageUrl } from '@/route/share-links';
import type { LabConfig } from '@/settings/lab-config';
import { labConfigurations as configurations } from '@/testing/lab-configurations';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario } from '@/sim/run';
import { narrationsFor } from '@/story/timeline-narrations';
import { labNarration } from './lab-narration';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';

/*
 * Every sentence true in every run. The lab's captions are assembled from templates over six services, two
 * resources, three ways to pause, clock faults, a failover and two or three renewers; each template declares what
 * it asserts (src/testing/claims/caption-claims.ts), and this test fills every caption of thousands of seeded runs across
 * the lab's whole range and checks each claim against the frame the caption tells.
 */

const seed = content.scenarios[0]!;
/** LOCKSTEP_CLAIM_RUNS=100000 npm run test:unit -- caption-truth runs the larger search docs/using.md describes. */
const RUNS = Number(process.env.LOCKSTEP_CLAIM_RUNS ?? 5_000);

/** Each false sentence of a run: the lab's address, the step, the claim that failed and the words. */
function falseSentences(config: LabConfig): string[] {
  const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
  const narrations = narrationsFor(timeline, labNarration);
  return timeline.frames.flatMap((frame, index) => {
    const key = labNarration.keyOf(frame, timeline) ?? captionKeyOf(frame.happening);
    const { label, caption } = narrations[index]!;
    const wrong = CAPTION_CLAIMS[key].filter((claim) => !claimHolds(claim, frame, timeline)).map(({ fact }) => fact);
    const unfilled = /\{\w+\}|token none|fence none|higher than none/.test(label + caption);
    if (wrong.length === 0 && !unfilled) return [];
    const why = unfilled ? 'a placeholder shown unfilled or a token named where there is none' : wrong.join(', ');
    return [
      `${labPageUrl('https://lockstep.test/', config)} step ${index + 1} (${key}): false ${why}: "${label}" / "${caption}"`,
    ];
  });
}

describe('every caption of every lab run says only what its run shows', () => {
  it(
    `holds for ${RUNS} seeded configurations across the lab's whole range`,
    () => {
      const found = fc.sample(configurations, { seed: 20261201, numRuns: RUNS }).flatMap(falseSentences);
      expect(found.length, `${found.length} false sentences, the first:\n${found.slice(0, 12).join('\n')}`).toBe(0);
    },
    // A limit for a hung run, not a speed test: the larger search gets time in proportion.
    Math.max(120_000, RUNS * 20),
  );
});

describe("the walkthrough's own captions", () => {
  it.each([true, false])('say only what the story shows, with fencing %s', (fencing) => {
    const timeline = runScenario(seed, { fencing });
    const wrong = timeline.frames.flatMap((frame) =>
      CAPTION_CLAIMS[captionKeyOf(frame.happening)]
        .filter((claim) => !claimHolds(claim, frame, timeline))
        .map(({ fact }) => `step ${frame.index + 1} (${captionKeyOf(frame.happening)}): ${fact}`),
    );
    expect(wrong).toEqual([]);
  });
});

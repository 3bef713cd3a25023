import { render } from '@testing-library/react';
import fc from 'fast-check';
import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import { issuesTokens } from '@/sim/services/lock-services';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario } from '@/sim/run';
import { CertificatesPanelView } from '@/story/certificates-panel-view';
import { RenewersPanelView } from '@/story/renewers-panel-view';
import { labPageUrl } from '@/route/share-links';
import { labConfigurations } from '@/testing/lab-configurations';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';

const seed = content.scenarios[0]!;

/*
 * The panels beside each step, across seeded lab runs: no panel names a token where there is none ("token none",
 * an empty value) or, under a service that hands out no tokens, any token at all. Rendering is slower than filling
 * captions, so this samples fewer configurations than caption-truth.test.ts.
 */
describe('the panels of every step say only what the run holds', () => {
  it('for 150 seeded lab configurations', () => {
    const problems: string[] = [];
    for (const config of fc.sample(labConfigurations, { seed: 20261202, numRuns: 150 })) {
      const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
      const tokenless = !issuesTokens(config.service);
      const { container, rerender, unmount } = render(<div />);
      timeline.frames.forEach((frame, cursor) => {
        rerender(
          <>
            <CertificatesPanelView timeline={timeline} cursor={cursor} />
            <RenewersPanelView frame={frame} timeline={timeline} />
          </>,
        );
        // The row's first fence was written before the story began, under whatever service that was.
        const text = (container.textContent ?? '').replace(/fence 32\b|with token 32\b/g, '');
        const wrong =
          /token none|fence none|token null|undefined|NaN/.exec(text) ??
          (tokenless ? /\btoken \d|generation \d|revision \d|czxid \d/.exec(text) : null);
        if (wrong) problems.push(`${labPageUrl('https://lockstep.test/', config)} step ${cursor + 1}: "${wrong[0]}"`);
      });
      unmount();
    }
    expect(problems.slice(0, 10)).toEqual([]);
  }, 300_000);
});

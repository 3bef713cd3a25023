import fc from 'fast-check';
import content from 'virtual:lockstep/content';
import practice from 'virtual:lockstep/practice';
import lab from 'virtual:lockstep/lab';
import { describe, expect, it } from 'vitest';
import { labPageUrl } from '@/route/share-links';
import { DEFAULT_LAB_CONFIG, presetConfig, type LabConfig } from '@/settings/lab-config';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario, type Timeline } from '@/sim/run';
import { certificatesPanelSentences, renewersPanelSentences } from '@/story/panel-sentences';
import { buildEndlessScenario } from '@/testing/builders';
import { labConfigurations as configurations } from '@/testing/lab-configurations';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { PANEL_FACT_CHECKS, panelClaimHolds, type About } from '../testing/claims/panel-claim-holds';
import {
  BELIEF_CLAIMS,
  BOTH_HOLD_CLAIMS,
  END_CARD_LINK_CLAIMS,
  LAST_WRITE_CLAIMS,
  MISTAKEN_CLAIMS,
  NODE_CLAIMS,
  REASON_CLAIMS,
  STALE_CLAIMS,
  STALE_WRITE_CLAIMS,
  STATEMENT_CLAIMS,
  TRUTH_CLAIMS,
  VERDICT_CLAIMS,
  type PanelClaim,
  type PanelFact,
} from '../testing/claims/panel-claims';
import { quorumNodeLines } from './quorum-node-lines';
import { reasonFor, verdictOf } from '@/story/verdict';

/*
 * Every panel, verdict and reason true in every run: each sentence the pickers choose (story/panel-sentences.ts,
 * quorum-node-lines.ts, verdict.ts) declares its claims (src/testing/claims/panel-claims.ts), and this test checks them for
 * every step of thousands of seeded lab runs, on the data that picks the sentence, without rendering a panel.
 */

const seed = content.scenarios[0]!;
/** LOCKSTEP_CLAIM_RUNS=100000 npm run test:unit -- panel-claims runs a larger search. */
const RUNS = Number(process.env.LOCKSTEP_CLAIM_RUNS ?? 5_000);

/** The claims of one sentence that do not hold, as "where: sentence: facts". */
function check(
  where: string,
  sentence: string,
  claims: readonly PanelClaim[],
  holds: (claim: PanelClaim) => boolean,
): string[] {
  const wrong = claims.filter((claim) => !holds(claim)).map(({ fact }) => fact);
  return wrong.length === 0 ? [] : [`${where}: ${sentence}: false ${wrong.join(', ')}`];
}

/** Every false panel sentence, verdict or reason of one run. */
export function falsePanelSentences(timeline: Timeline, config: LabConfig | null, address: string): string[] {
  const found: string[] = [];
  const certificates = timeline.scenario.resource?.kind !== 'email';
  timeline.frames.forEach((frame, index) => {
    const at = `${address} step ${index + 1}`;
    const holds = (about: About) => (claim: PanelClaim) => panelClaimHolds(claim, frame, timeline, about);
    const renewers = renewersPanelSentences(frame);
    for (const line of renewers.renewers) {
      const about = holds({ renewer: line.renewer });
      found.push(...check(at, `${line.renewer} believes ${line.belief}`, BELIEF_CLAIMS[line.belief], about));
      found.push(...check(at, `${line.renewer} in truth ${line.truth}`, TRUTH_CLAIMS[line.truth], about));
      if (line.mistaken) found.push(...check(at, `${line.renewer} mistaken`, MISTAKEN_CLAIMS, about));
    }
    if (renewers.bothHold.length > 0) found.push(...check(at, 'both hold', BOTH_HOLD_CLAIMS, holds({})));
    if (certificates) {
      const table = certificatesPanelSentences(timeline, index);
      found.push(...check(at, `statement ${table.statement}`, STATEMENT_CLAIMS[table.statement], holds({})));
      if (table.lastWrite)
        found.push(...check(at, `last write ${table.lastWrite}`, LAST_WRITE_CLAIMS[table.lastWrite], holds({})));
      if (table.stale) found.push(...check(at, table.stale, STALE_CLAIMS[table.stale], holds({})));
    }
    for (const line of quorumNodeLines(frame) ?? [])
      found.push(...check(at, `${line.node} ${line.said}`, NODE_CLAIMS[line.said], holds({ node: line.node })));
  });
  if (config) {
    const end = timeline.frames.at(-1)!;
    const holds = (claim: PanelClaim) => panelClaimHolds(claim, end, timeline);
    const verdict = verdictOf(timeline);
    const reason = reasonFor(verdict, config);
    found.push(...check(`${address} verdict`, verdict.kind, VERDICT_CLAIMS[verdict.kind], holds));
    found.push(...check(`${address} reason`, reason, REASON_CLAIMS[reason], holds));
    if (verdict.kind === 'staleWriteLanded') {
      const said = verdict.token === null ? 'noToken' : 'withToken';
      found.push(...check(`${address} stale write`, said, STALE_WRITE_CLAIMS[said], holds));
    }
  }
  return found;
}

function falseInLabRun(config: LabConfig): string[] {
  const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
  return falsePanelSentences(timeline, config, labPageUrl('https://lockstep.test/', config));
}

describe('every panel sentence, verdict and reason of every lab run says only what its run shows', () => {
  it(
    `holds for ${RUNS} seeded configurations across the lab's whole range`,
    () => {
      const found = fc.sample(configurations, { seed: 20261206, numRuns: RUNS }).flatMap(falseInLabRun);
      expect(found.length, `${found.length} false sentences, the first:\n${found.slice(0, 12).join('\n')}`).toBe(0);
    },
    // A limit for a hung run, not a speed test.
    Math.max(120_000, RUNS * 20),
  );

  it.each(lab.presets.map((preset) => [preset.id, preset] as const))('holds for the preset %s', (_, preset) => {
    expect(falseInLabRun(presetConfig(preset.config))).toEqual([]);
  });

  it('holds for a run the simulation had to cut off (no lab setting reaches one)', () => {
    const timeline = runScenario(buildEndlessScenario(), { fencing: true });
    expect(timeline.settled).toBe(false);
    expect(falsePanelSentences(timeline, DEFAULT_LAB_CONFIG, 'an endless run')).toEqual([]);
    expect(verdictOf(timeline).kind).toBe('cutOff');
  });

  it.each([true, false])("holds for the walkthrough's panels with fencing %s", (fencing) => {
    expect(falsePanelSentences(runScenario(seed, { fencing }), null, `walkthrough, fencing ${fencing}`)).toEqual([]);
  });
});

describe("the end card's links into the lab", () => {
  it('each declares what its run shows, and each run shows it', () => {
    const links = practice.endCard.labLinks;
    expect(links.map((link) => link.preset).sort()).toEqual(Object.keys(END_CARD_LINK_CLAIMS).sort());
    for (const link of links) {
      const preset = lab.presets.find((candidate) => candidate.id === link.preset)!;
      const config = presetConfig(preset.config);
      const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
      const end = timeline.frames.at(-1)!;
      const wrong = END_CARD_LINK_CLAIMS[link.preset]!.filter((claim) => !panelClaimHolds(claim, end, timeline));
      expect(wrong, `"${link.text}"`).toEqual([]);
    }
  });

  it('"Redlock and the same pause" pauses as long as the walkthrough does', () => {
    const pauseOf = (timeline: Timeline) =>
      timeline.frames.flatMap(({ happening }) => (happening.kind === 'processPaused' ? [happening.durationMs] : []));
    const preset = lab.presets.find((candidate) => candidate.id === 'redlock-does-not-save-you')!;
    const config = presetConfig(preset.config);
    const timeline = runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
    expect(pauseOf(timeline)).toEqual(pauseOf(runScenario(seed, { fencing: true })));
  });
});

describe('each panel fact is false somewhere', () => {
  // The property test shows that every picked sentence's facts hold; a fact that held everywhere would pass it
  // unnoticed. Across the presets' runs, every renewer and node at every step, each fact must also be false.
  const runs = lab.presets.map((preset) => {
    const config = presetConfig(preset.config);
    return runScenario(labScenario(seed, config), labRunSettings(config), ALL_MODELS);
  });
  // A frozen while acquiring wakes (33 s) after B's grant and before B's write: its check finds the renewal due.
  const whileAcquiring = presetConfig({
    pauseWhen: 'whileAcquiring',
    pauseAtMs: 0,
    pauseMs: 33_000,
    storage: 'unchecked',
  });
  runs.push(
    runScenario(buildEndlessScenario(), { fencing: true }),
    runScenario(seed, { fencing: false }),
    runScenario(labScenario(seed, whileAcquiring), labRunSettings(whileAcquiring), ALL_MODELS),
  );
  const facts = Object.keys(PANEL_FACT_CHECKS) as PanelFact[];

  it.each(facts)('%s is true at some step and false at another', (name) => {
    const seen = new Set<boolean>();
    for (const timeline of runs)
      for (const frame of timeline.frames)
        for (const about of [{}, ...frame.world.renewers.map((renewer) => ({ renewer: renewer.id })), { node: 'R1' }])
          seen.add(panelClaimHolds({ fact: name }, frame, timeline, about));
    expect([...seen].sort()).toEqual([false, true]);
  });
});

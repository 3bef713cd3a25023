import { findRow } from './certificates-table.ts';
import { CERTIFICATES_TABLE, LOCK_SERVICE, type Happening, type LifelineId, type Outcome } from './happenings.ts';
import type { RunSettings, ScenarioDefinition } from './scenario.ts';
import type { VirtualMs } from './types.ts';
import { LESSON_LOCK_SERVICE } from './services/lesson/model.ts';
import { certificateRowModel } from './resources/certificate-row.ts';
import { step } from './step.ts';
import { createWorld, isSettled, resourceModelOf, type SimModels, type World } from './world.ts';

/** One step of the walkthrough: what happened, when, and the whole world right after it. */
export interface Frame {
  readonly index: number;
  readonly at: VirtualMs;
  readonly happening: Happening;
  readonly world: World;
}

export interface Timeline {
  readonly scenario: ScenarioDefinition;
  readonly settings: RunSettings;
  readonly lifelines: readonly LifelineId[];
  readonly frames: readonly Frame[];
  readonly outcome: Outcome;
  /** False when the run was cut off at MAX_EVENTS (renewers retrying very fast for a very long lease, say). */
  readonly settled: boolean;
  /** How many events the run processed, at most MAX_EVENTS. */
  readonly events: number;
}

/** A bound on events processed, so a configuration that would run for ever still ends, with a verdict. */
export const MAX_EVENTS = 5_000;

/** What the walkthrough runs on: the lesson's own lock service and the certificate row. */
export const LESSON_MODELS: SimModels = {
  services: { lesson: LESSON_LOCK_SERVICE },
  resources: { certificate: certificateRowModel },
};

/**
 * Runs a scenario to the end and records every visible step. The walkthrough is exactly this list:
 * change the scenario or the settings and the steps change with it.
 */
export function runScenario(
  scenario: ScenarioDefinition,
  settings: RunSettings,
  models: SimModels = LESSON_MODELS,
): Timeline {
  const lifelines = [...scenario.renewers.map((renewer) => renewer.id), LOCK_SERVICE, CERTIFICATES_TABLE];
  let world = createWorld(scenario, models);
  const frames: Frame[] = [];
  const record = (happening: Happening, at: VirtualMs = world.now) => {
    frames.push({ index: frames.length, at, happening, world });
  };
  record({ kind: 'scenarioStarted', row: findRow(world.table, scenario.domain) });
  let processed = 0;
  for (; !isSettled(world) && processed < MAX_EVENTS; processed += 1) {
    const result = step(world, settings, scenario, models);
    world = result.world;
    if (result.happening) record(result.happening);
  }
  const outcome = resourceModelOf(scenario, models).judge(world, scenario);
  // The story ends with the last thing that happened, not with a deadline nobody was waiting for.
  record({ kind: 'scenarioEnded', outcome }, frames.at(-1)?.at ?? world.now);
  return { scenario, settings, lifelines, frames, outcome, settled: isSettled(world), events: processed };
}

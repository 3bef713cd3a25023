import { findRow } from './certificates-table.ts';
import { CERTIFICATES_TABLE, LOCK_SERVICE, type Happening, type LifelineId, type Outcome } from './happenings.ts';
import type { RunSettings, ScenarioDefinition } from './scenario.ts';
import type { VirtualMs } from './types.ts';
import { createWorld, isSettled, step, type World } from './world.ts';

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
}

/** A bound on events processed, so a scenario that never settles fails loudly instead of hanging the page. */
export const MAX_EVENTS = 10_000;

/**
 * Runs a scenario to the end and records every visible step. The walkthrough is exactly this list:
 * change the scenario or the settings and the steps change with it.
 */
export function runScenario(scenario: ScenarioDefinition, settings: RunSettings): Timeline {
  const lifelines = [...scenario.renewers.map((renewer) => renewer.id), LOCK_SERVICE, CERTIFICATES_TABLE];
  let world = createWorld(scenario);
  const frames: Frame[] = [];
  const record = (happening: Happening, at: VirtualMs = world.now) => {
    frames.push({ index: frames.length, at, happening, world });
  };
  record({ kind: 'scenarioStarted', row: findRow(world.table, scenario.domain) });
  for (let processed = 0; !isSettled(world); processed += 1) {
    if (processed >= MAX_EVENTS) {
      throw new Error(`Scenario "${scenario.id}" did not settle within ${MAX_EVENTS} events`);
    }
    const result = step(world, settings, scenario);
    world = result.world;
    if (result.happening) record(result.happening);
  }
  const outcome = judgeOutcome(world, scenario.domain);
  // The story ends with the last thing that happened, not with a deadline nobody was waiting for.
  record({ kind: 'scenarioEnded', outcome }, frames.at(-1)?.at ?? world.now);
  return { scenario, settings, lifelines, frames, outcome };
}

/** Stale means the row was last written by a lower token than some write the table had already accepted. */
export function judgeOutcome(world: World, domain: string): Outcome {
  const row = findRow(world.table, domain);
  const accepted = world.writes.filter((write) => write.rowsChanged > 0);
  const last = accepted.at(-1);
  if (!row || !last) return { kind: 'newestKept', row };
  const highestBefore = Math.max(-Infinity, ...accepted.slice(0, -1).map((write) => write.fencingToken));
  if (last.fencingToken < highestBefore) return { kind: 'staleOverwrote', row, replacedFence: highestBefore };
  return { kind: 'newestKept', row };
}

import content from 'virtual:lockstep/content';
import { runScenario, type Frame, type Timeline } from '@/sim/run';
import type { ScenarioDefinition } from '@/sim/scenario';
import { clampStep } from './stepper';
import type { WalkthroughState } from './walkthrough-store';

export const DEFAULT_SCENARIO_ID = 'stale-certificate';

const timelines = new Map<string, Timeline>();

export function findScenario(id: string): ScenarioDefinition {
  const scenario = content.scenarios.find((candidate) => candidate.id === id) ?? content.scenarios[0];
  if (!scenario) throw new Error('No scenario in content/scenarios');
  return scenario;
}

/** Runs the simulation once per scenario and fencing setting; every later call returns the same object. */
export function timelineFor(scenarioId: string, fencing: boolean): Timeline {
  const key = `${scenarioId}:${fencing ? 'on' : 'off'}`;
  let timeline = timelines.get(key);
  if (!timeline) {
    timeline = runScenario(findScenario(scenarioId), { fencing });
    timelines.set(key, timeline);
  }
  return timeline;
}

export const selectTimeline = (state: WalkthroughState): Timeline => timelineFor(state.scenarioId, state.fencing);

export const selectStepCount = (state: WalkthroughState): number => selectTimeline(state).frames.length;

export const selectCursor = (state: WalkthroughState): number => clampStep(state.cursor, selectStepCount(state));

export const selectFrame = (state: WalkthroughState): Frame => {
  const frame = selectTimeline(state).frames[selectCursor(state)];
  if (!frame) throw new Error('A timeline always has at least its start and end steps');
  return frame;
};

export const selectCanGoBack = (state: WalkthroughState): boolean => selectCursor(state) > 0;

export const selectCanGoNext = (state: WalkthroughState): boolean => selectCursor(state) < selectStepCount(state) - 1;

/** The last step at or before virtual time `at`: where a scrubber dragged to `at` lands. */
export function stepAtTime(timeline: Timeline, at: number): number {
  let found = 0;
  for (const frame of timeline.frames) if (frame.at <= at) found = frame.index;
  return found;
}

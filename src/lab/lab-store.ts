import content from 'virtual:lockstep/content';
import { createStore } from 'zustand/vanilla';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario, type Timeline } from '@/sim/run';
import { createStepperActions } from '@/store/stepper';
import { sameRun, withApplicableSettings, type LabConfig } from '@/settings/lab-config';
import { type FieldProblem } from '@/settings/lab-address';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { known } from '@/sim/known';

/** What the learner chose in the lab: its settings, what was wrong with the last ones typed, and the step. */
export interface LabState {
  readonly config: LabConfig;
  readonly problems: readonly FieldProblem[];
  readonly cursor: number;
}

export type LabStore = ReturnType<typeof createLabStore>;

export function createLabStore(config: LabConfig, problems: readonly FieldProblem[] = []) {
  return createStore<LabState>()(() => ({ config: withApplicableSettings(config), problems, cursor: 0 }));
}

const timelines = new WeakMap<LabConfig, Timeline>();

/** The run a configuration describes, computed once per configuration object. */
export function selectLabTimeline(state: LabState): Timeline {
  let timeline = timelines.get(state.config);
  if (!timeline) {
    timeline = runScenario(
      labScenario(known(content.scenarios[0]), state.config),
      labRunSettings(state.config),
      ALL_MODELS,
    );
    timelines.set(state.config, timeline);
  }
  return timeline;
}

export const selectLabStepCount = (state: LabState) => selectLabTimeline(state).frames.length;

export function createLabActions(store: LabStore) {
  return {
    ...createStepperActions(store, selectLabStepCount),
    /**
     * New settings run again from the first step (new map axes alone keep the step: the run is the same); an option
     * greyed out under them is never kept.
     */
    change: (config: LabConfig, problems: readonly FieldProblem[] = []) =>
      store.setState((state) => {
        const next = withApplicableSettings(config);
        const same = sameRun(state.config, next);
        // The same run keeps its timeline: new axes re-run nothing on the page's thread.
        const timeline = timelines.get(state.config);
        if (same && timeline) timelines.set(next, timeline);
        return { config: next, problems, cursor: same ? state.cursor : 0 };
      }),
  };
}

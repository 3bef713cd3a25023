import { expect } from 'vitest';
import content from 'virtual:lockstep/content';
import type { Happening, HappeningKind } from '@/sim/happenings';
import { runScenario, type Frame, type Timeline } from '@/sim/run';
import type { RunSettings, ScenarioDefinition } from '@/sim/scenario';
import type { Belief, SimModels } from '@/sim/world';
import { narrate, type NarrationExtension } from '@/story/narrate';

/**
 * A domain test driver: run a story, go to one moment of it, and state a fact about that moment in a line.
 *   runStory(scenario, { fencing: true }).at('writeAnswered', 'A').expectBelief('A', 'lost').expectCaption(/UPDATE 0/)
 */
export function runStory(
  scenario: ScenarioDefinition,
  settings: RunSettings,
  models?: SimModels,
  narration?: NarrationExtension,
) {
  const timeline = runScenario(scenario, settings, models);
  return storyOf(timeline, narration);
}

function storyOf(timeline: Timeline, narration?: NarrationExtension) {
  return {
    timeline,
    /** The n-th (0-based) step of this kind, optionally only those of one renewer; fails if there is none. */
    at(kind: HappeningKind, renewer?: string, nth = 0) {
      const matches = timeline.frames.filter(
        (frame) =>
          frame.happening.kind === kind &&
          (renewer === undefined || ('renewer' in frame.happening && frame.happening.renewer === renewer)),
      );
      const frame = matches[nth];
      if (!frame) throw new Error(`no ${kind}${renewer ? ` by ${renewer}` : ''} (#${nth}) in this story`);
      return momentOf(frame, timeline, narration);
    },
  };
}

function momentOf(frame: Frame, timeline: Timeline, narration?: NarrationExtension) {
  const steps = { ...content.captions.steps, ...narration?.steps };
  const moment = {
    frame,
    happening: frame.happening as Happening,
    expectBelief(renewer: string, kind: Belief['kind'], token?: number | null) {
      const belief = frame.world.renewers.find((candidate) => candidate.id === renewer)!.belief;
      expect(belief.kind, `${renewer}'s belief at step ${frame.index + 1}`).toBe(kind);
      if (token !== undefined) expect('token' in belief ? belief.token : undefined).toBe(token);
      return moment;
    },
    expectRow(fence: number, serial?: number) {
      const row = frame.world.table.rows[0]!;
      expect(row.fence, `the row's fence at step ${frame.index + 1}`).toBe(fence);
      if (serial !== undefined) expect(row.cert.serial).toBe(serial);
      return moment;
    },
    expectHappening(shape: Record<string, unknown>) {
      expect(frame.happening).toMatchObject(shape);
      return moment;
    },
    expectLabel(label: string | RegExp) {
      const told = narrate(frame, timeline, steps, narration ?? null);
      if (typeof label === 'string') expect(told.label).toBe(label);
      else expect(told.label).toMatch(label);
      return moment;
    },
    expectCaption(caption: string | RegExp) {
      expect(narrate(frame, timeline, steps, narration ?? null).caption).toMatch(caption);
      return moment;
    },
    expectAt(ms: number) {
      expect(frame.at).toBe(ms);
      return moment;
    },
  };
  return moment;
}

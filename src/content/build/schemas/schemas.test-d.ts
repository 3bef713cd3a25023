import { describe, expectTypeOf, it } from 'vitest';
import type { LabConfig } from '@/settings/lab-config';
import type { ScenarioDefinition } from '@/sim/scenario';
import type { PresetsContent } from './presets';
import type { ScenarioContent } from './scenario';

/** Read-only all the way down: a schema's output is mutable, the simulation's types are not, and that is fine. */
type Frozen<T> = T extends readonly (infer Item)[]
  ? readonly Frozen<Item>[]
  : T extends object
    ? { readonly [K in keyof T]: Frozen<T[K]> }
    : T;

/** Checked by tsc, in `npm run test:unit` (Vitest's typecheck) and `npm run typecheck`: a schema that drifts from the type the simulation runs on fails. */
describe('content schemas describe the simulation’s own types', () => {
  it('a scenario file is exactly a ScenarioDefinition', () => {
    expectTypeOf<Frozen<ScenarioContent>>().toEqualTypeOf<Frozen<ScenarioDefinition>>();
  });

  it('a lab preset names some of a LabConfig’s settings, each of the lab’s own type', () => {
    type PresetConfig = PresetsContent['presets'][number]['config'];
    type Filled = { [K in keyof PresetConfig]-?: Exclude<PresetConfig[K], undefined> };
    expectTypeOf<Frozen<Filled>>().toEqualTypeOf<Frozen<LabConfig>>();
  });
});

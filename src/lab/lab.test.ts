import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/content/load-content';
import { registerLabLockServices } from '@/sim/lab-services';
import { runScenario } from '@/sim/run';
import {
  DEFAULT_LAB_CONFIG,
  labScenario,
  parseLabConfig,
  presetConfig,
  serializeLabConfig,
  type LabConfig,
} from './lab-config';
import { reasonFor, verdictOf } from './verdict';

registerLabLockServices();
const { content, lab } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;

function run(config: LabConfig) {
  return verdictOf(runScenario(labScenario(seed, config), { fencing: config.storage === 'fenced' }));
}

describe('lab presets', () => {
  for (const preset of lab.presets) {
    it(`"${preset.title}" ends as ${preset.expectedVerdict}`, () => {
      expect(run(presetConfig(preset.config)).kind).toBe(preset.expectedVerdict);
    });
  }

  it('lock-delay stops helping once the pause is longer: 60 s lands the stale write', () => {
    const preset = lab.presets.find((candidate) => candidate.id === 'lock-delay-helps')!;
    expect(run({ ...presetConfig(preset.config), pauseMs: 60_000 }).kind).toBe('staleWriteLanded');
  });

  it('names the stale writer and its token, and says why in one sentence', () => {
    const config = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' as const };
    const verdict = run(config);
    expect(verdict).toEqual({ kind: 'staleWriteLanded', writer: 'A', token: 33, replacedToken: 34 });
    expect(lab.reasons[reasonFor(verdict, config)]).toBe(
      'The lock service gave out tokens, but the table did not check them.',
    );
    const redlock = { ...config, service: 'redlock' as const };
    expect(lab.reasons[reasonFor(run(redlock), redlock)]).toMatch(/hands out no fencing token/);
  });
});

describe('lab settings in the URL', () => {
  it('round-trips every setting', () => {
    const config: LabConfig = {
      ...DEFAULT_LAB_CONFIG,
      service: 'chubby',
      storage: 'unchecked',
      lockDelayMs: 15_000,
      renewers: 3,
    };
    expect(parseLabConfig(serializeLabConfig(config))).toEqual({ config, problems: [] });
  });

  it('clamps out-of-range numbers and refuses nonsense, field by field, keeping the rest', () => {
    const { config, problems } = parseLabConfig(
      '?ttl=5&pause=abc&lockDelay=999999&service=memcached&renewers=7&storage=fenced',
    );
    expect(config).toMatchObject({
      ttlMs: 1_000,
      pauseMs: DEFAULT_LAB_CONFIG.pauseMs,
      lockDelayMs: 60_000,
      service: 'fencing',
      renewers: 2,
    });
    expect(problems.map((problem) => problem.field).sort()).toEqual([
      'lockDelayMs',
      'pauseMs',
      'renewers',
      'service',
      'ttlMs',
    ]);
    expect(problems.find((problem) => problem.field === 'ttlMs')?.message).toBe(
      'Lease TTL must be between 1000 and 600000 ms; using 1000.',
    );
  });
});

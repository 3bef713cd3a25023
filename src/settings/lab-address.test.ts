import { describe, expect, it } from 'vitest';
import { MAX_LOCK_DELAY_MS } from '@/sim/services/chubby/descriptor';
import {
  DEFAULT_LAB_CONFIG,
  fieldApplies,
  LAB_PARAMS,
  presetConfig,
  sameRun,
  storageOptions,
  type NumericField,
} from './lab-config';
import { clampField, parseLabConfig, serializeLabConfig } from './lab-address';

/**
 * The lab's address is published: the lesson's links, course pages and embed codes carry it. These tests pin its
 * words and ranges as written, so renaming a parameter or moving a limit breaks them, not a course's links.
 */
describe('the lab’s address, as links write it', () => {
  it('reads every setting by its parameter name', () => {
    const { config, problems } = parseLabConfig(
      '?lab&service=chubby&resource=email&storage=unchecked&renewers=3&pauseWhen=whileAcquiring&partition=on&ttl=5000' +
        '&pauseAt=1000&pause=7000&writeDelay=20&jump=3000&drift=-10&lockDelay=9000&failover=1500&across=pause&up=lockDelay',
    );
    expect(problems).toEqual([]);
    expect(config).toEqual({
      service: 'chubby',
      resource: 'email',
      storage: 'unchecked',
      renewers: 3,
      pauseWhen: 'whileAcquiring',
      ttlMs: 5000,
      pauseAtMs: 1000,
      pauseMs: 7000,
      writeDelayMs: 20,
      clockJumpMs: 3000,
      clockDriftPct: -10,
      partition: true,
      lockDelayMs: 9000,
      failoverAtMs: 1500,
      mapAcross: 'pauseMs',
      mapUp: 'lockDelayMs',
    });
  });

  it('writes them back under the same names, and no others', () => {
    const written = new URLSearchParams(serializeLabConfig(DEFAULT_LAB_CONFIG));
    expect([...written.keys()].sort()).toEqual([...LAB_PARAMS].sort());
    expect([...LAB_PARAMS].sort()).toEqual(
      [
        'service',
        'resource',
        'storage',
        'renewers',
        'pauseWhen',
        'partition',
        'ttl',
        'pauseAt',
        'pause',
        'writeDelay',
        'jump',
        'drift',
        'lockDelay',
        'failover',
        'across',
        'up',
      ].sort(),
    );
  });

  it('opens on the lesson’s evening: a 30 s lease, A frozen at 2 s for 40 s, the certificate checked by token', () => {
    expect(parseLabConfig('?lab').config).toEqual(DEFAULT_LAB_CONFIG);
    expect(DEFAULT_LAB_CONFIG).toEqual({
      service: 'lesson',
      resource: 'certificate',
      storage: 'fenced',
      renewers: 2,
      pauseWhen: 'afterAcquiring',
      ttlMs: 30_000,
      pauseAtMs: 2_000,
      pauseMs: 40_000,
      writeDelayMs: 0,
      clockJumpMs: 0,
      clockDriftPct: 0,
      partition: false,
      lockDelayMs: 0,
      failoverAtMs: 0,
      mapAcross: 'ttlMs',
      mapUp: 'pauseMs',
    });
  });
});

describe('each number’s range, at its edges', () => {
  const ranges: [NumericField, number, number][] = [
    ['ttlMs', 1_000, 600_000],
    ['pauseAtMs', 0, 600_000],
    ['pauseMs', 0, 600_000],
    ['writeDelayMs', 0, 600_000],
    ['clockJumpMs', 0, 600_000],
    ['clockDriftPct', -50, 50],
    ['lockDelayMs', 0, MAX_LOCK_DELAY_MS],
    ['failoverAtMs', 0, 600_000],
  ];
  it.each(ranges)('%s: takes %i and %i as given, and clamps one beyond either', (field, min, max) => {
    expect(clampField(field, String(min))).toEqual({ value: min, problem: null });
    expect(clampField(field, String(max))).toEqual({ value: max, problem: null });
    expect(clampField(field, String(min - 1))).toEqual({
      value: min,
      problem: { field, kind: 'outOfRange', used: min },
    });
    expect(clampField(field, String(max + 1))).toEqual({
      value: max,
      problem: { field, kind: 'outOfRange', used: max },
    });
  });

  it('lets Chubby’s lock-delay reach a minute, no more', () => {
    expect(MAX_LOCK_DELAY_MS).toBe(60_000);
  });
});

describe('which settings apply', () => {
  it('offers each resource its own protections, the token check only where tokens are handed out', () => {
    expect(storageOptions('certificate', 'lesson')).toEqual(['fenced', 'unchecked']);
    expect(storageOptions('certificate', 'etcd')).toEqual(['fenced', 'unchecked']);
    expect(storageOptions('certificate', 'redis')).toEqual(['unchecked']);
    expect(storageOptions('certificate', 'redlock')).toEqual(['unchecked']);
    expect(storageOptions('email', 'redis')).toEqual(['idempotencyKey', 'unchecked']);
    expect(storageOptions('email', 'zookeeper')).toEqual(['idempotencyKey', 'unchecked']);
  });

  it('greys out the numbers a run ignores', () => {
    const at = (changes: Partial<typeof DEFAULT_LAB_CONFIG>) => ({ ...DEFAULT_LAB_CONFIG, ...changes });
    expect(fieldApplies('pauseAtMs', at({ pauseWhen: 'afterAcquiring' }))).toBe(true);
    expect(fieldApplies('pauseAtMs', at({ pauseWhen: 'whileAcquiring' }))).toBe(false);
    for (const service of ['lesson', 'redis', 'redlock', 'etcd', 'zookeeper', 'chubby'] as const) {
      const config = at({ service });
      expect(fieldApplies('clockJumpMs', config), service).toBe(service === 'redlock');
      expect(fieldApplies('clockDriftPct', config), service).toBe(service === 'redlock');
      expect(fieldApplies('lockDelayMs', config), service).toBe(service === 'chubby');
      expect(fieldApplies('failoverAtMs', config), service).toBe(service === 'redis');
      for (const always of ['ttlMs', 'pauseMs', 'writeDelayMs'] as const)
        expect(fieldApplies(always, config)).toBe(true);
    }
  });
});

describe('presets and runs', () => {
  it('a preset changes only what it names; a setting it leaves undefined keeps the default', () => {
    expect(presetConfig({ service: 'etcd', ttlMs: 10_000, pauseMs: undefined })).toEqual({
      ...DEFAULT_LAB_CONFIG,
      service: 'etcd',
      ttlMs: 10_000,
    });
  });

  it('counts any difference outside the map’s axes as another run', () => {
    const fields = Object.keys(DEFAULT_LAB_CONFIG) as (keyof typeof DEFAULT_LAB_CONFIG)[];
    const changed = {
      service: 'redis',
      resource: 'email',
      storage: 'unchecked',
      renewers: 3,
      pauseWhen: 'whileAcquiring',
      ttlMs: 1,
      pauseAtMs: 1,
      pauseMs: 1,
      writeDelayMs: 1,
      clockJumpMs: 1,
      clockDriftPct: 1,
      partition: true,
      lockDelayMs: 1,
      failoverAtMs: 1,
      mapAcross: 'writeDelayMs',
      mapUp: 'ttlMs',
    } as const;
    for (const field of fields) {
      const other = { ...DEFAULT_LAB_CONFIG, [field]: changed[field] };
      expect(sameRun(DEFAULT_LAB_CONFIG, other), field).toBe(field === 'mapAcross' || field === 'mapUp');
    }
  });
});

describe('the network split, apart from the clocks (the models issue, item 3)', () => {
  it('is off unless the link says so, and a link writes it both ways', () => {
    expect(parseLabConfig('?service=redlock').config.partition).toBe(false);
    expect(parseLabConfig('?service=redlock&partition=on').config.partition).toBe(true);
    const drift = parseLabConfig('?service=redlock&drift=10&partition=off');
    expect(drift).toMatchObject({ config: { partition: false, clockDriftPct: 10 }, problems: [] });
    expect(serializeLabConfig(drift.config)).toContain('partition=off');
    expect(parseLabConfig(serializeLabConfig({ ...drift.config, partition: true })).config.partition).toBe(true);
  });

  it('reads an older link that sets a drift or a jump without it as drift plus the split, and says so', () => {
    for (const search of ['?service=redlock&drift=10', '?service=redlock&drift=-1', '?service=redlock&jump=60000']) {
      const { config, problems } = parseLabConfig(search);
      expect(config.partition, search).toBe(true);
      expect(problems, search).toEqual([{ field: 'partition', kind: 'partitionFromOldLink' }]);
    }
    // No clock setting, or a service without R3: nothing to read into.
    expect(parseLabConfig('?service=redlock&drift=0').problems).toEqual([]);
    expect(parseLabConfig('?service=redis&drift=10').config.partition).toBe(false);
  });

  it('refuses a value that is neither on nor off, and keeps the network whole', () => {
    expect(parseLabConfig('?service=redlock&drift=10&partition=maybe')).toMatchObject({
      config: { partition: false },
      problems: [{ field: 'partition', kind: 'unknownPartition', value: 'maybe' }],
    });
  });
});

describe('a renewer count or a pause moment it does not know', () => {
  it('keeps the default and names the value, for a count written any other way than 2 or 3', () => {
    for (const written of ['4', '1', '2.0', ' 3', 'three', '']) {
      const { config, problems } = parseLabConfig(`?lab&renewers=${encodeURIComponent(written)}`);
      expect(config.renewers, written).toBe(DEFAULT_LAB_CONFIG.renewers);
      expect(problems, written).toEqual([{ field: 'renewers', kind: 'unknownRenewers', value: written }]);
    }
    expect(parseLabConfig('?lab&renewers=3')).toMatchObject({ config: { renewers: 3 }, problems: [] });
    expect(parseLabConfig('?lab&renewers=2')).toMatchObject({ config: { renewers: 2 }, problems: [] });
  });

  it('keeps the default and names the value, for a pause moment it has no name for', () => {
    const { config, problems } = parseLabConfig('?lab&pauseWhen=whileSleeping');
    expect(config.pauseWhen).toBe(DEFAULT_LAB_CONFIG.pauseWhen);
    expect(problems).toEqual([{ field: 'pauseWhen', kind: 'unknownPauseWhen', value: 'whileSleeping' }]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAB_CONFIG,
  LAB_SERVICES,
  presetConfig,
  sameRun,
  storageApplies,
  STORAGE_FOR,
  withApplicableSettings,
  type LabConfig,
} from './lab-config';
import { parseLabConfig, serializeLabConfig } from './lab-address';

/** Every service, resource and storage the lab knows, applicable or not. */
const everyCombination: LabConfig[] = LAB_SERVICES.flatMap((service) =>
  (['certificate', 'email'] as const).flatMap((resource) =>
    (['fenced', 'unchecked', 'idempotencyKey'] as const).map((storage) => ({
      ...DEFAULT_LAB_CONFIG,
      service,
      resource,
      storage,
    })),
  ),
);

const applies = (config: LabConfig) =>
  STORAGE_FOR[config.resource].includes(config.storage) && storageApplies(config.storage, config.service);

describe('withApplicableSettings: the one rule for the storage option', () => {
  it.each(everyCombination.map((config) => [`${config.service} ${config.resource} ${config.storage}`, config]))(
    '%s: ends with a storage that applies, kept when it already did',
    (_, config) => {
      const fixed = withApplicableSettings(config);
      expect(applies(fixed)).toBe(true);
      if (applies(config)) expect(fixed).toBe(config);
    },
  );

  it('gives the certificate under Redis "unchecked", not the greyed-out token check', () => {
    const config = { ...DEFAULT_LAB_CONFIG, service: 'redis' as const, resource: 'certificate' as const };
    expect(withApplicableSettings({ ...config, storage: 'fenced' }).storage).toBe('unchecked');
    expect(withApplicableSettings({ ...config, storage: 'idempotencyKey' }).storage).toBe('unchecked');
  });

  it('is how links and presets are read', () => {
    for (const config of everyCombination) {
      const search = `?service=${config.service}&resource=${config.resource}&storage=${config.storage}`;
      expect(applies(parseLabConfig(search).config)).toBe(true);
      expect(applies(presetConfig(config))).toBe(true);
    }
  });
});

describe("the outcome map's axes in the lab's address", () => {
  it("reads `across` and `up` by the fields' own parameter names, and writes them back", () => {
    const { config, problems } = parseLabConfig('?service=redlock&across=drift&up=pauseAt');
    expect([config.mapAcross, config.mapUp, problems]).toEqual(['clockDriftPct', 'pauseAtMs', []]);
    expect(parseLabConfig(serializeLabConfig(config)).config).toEqual(config);
    expect(serializeLabConfig(DEFAULT_LAB_CONFIG)).toContain('across=ttl&up=pause');
  });

  it('refuses an axis the service does not have, naming those it has, and keeps the default axes', () => {
    const { config, problems } = parseLabConfig('?service=etcd&across=drift');
    expect([config.mapAcross, config.mapUp]).toEqual(['ttlMs', 'pauseMs']);
    expect(problems).toEqual([
      {
        field: 'mapAcross',
        kind: 'unknownMapAxis',
        value: 'drift',
        options: ['ttl', 'pause', 'pauseAt', 'writeDelay'],
      },
    ]);
    // Chubby's lock-delay is offered under Chubby alone.
    expect(parseLabConfig('?service=chubby&up=lockDelay').config.mapUp).toBe('lockDelayMs');
    expect(parseLabConfig('?up=lockDelay').problems[0]?.kind).toBe('unknownMapAxis');
  });

  it('refuses the same setting on both axes', () => {
    const { config, problems } = parseLabConfig('?across=pause&up=pause');
    expect([config.mapAcross, config.mapUp]).toEqual(['ttlMs', 'pauseMs']);
    expect(problems).toEqual([{ field: 'mapUp', kind: 'sameMapAxes', value: 'pause' }]);
    // Named once each way round, they are two axes, swapped.
    expect(parseLabConfig('?across=pause&up=ttl').config).toMatchObject({ mapAcross: 'pauseMs', mapUp: 'ttlMs' });
  });

  it("goes back to the default axes when the service loses one (leaving Redlock's drift), and only then", () => {
    const onRedlock = { ...DEFAULT_LAB_CONFIG, service: 'redlock' as const, storage: 'unchecked' as const };
    const drift = { ...onRedlock, mapAcross: 'clockDriftPct' as const, mapUp: 'writeDelayMs' as const };
    expect(withApplicableSettings(drift)).toBe(drift);
    expect(withApplicableSettings({ ...drift, service: 'etcd' })).toMatchObject({
      mapAcross: 'ttlMs',
      mapUp: 'pauseMs',
    });
    const writeDelay = { ...drift, mapAcross: 'pauseAtMs' as const };
    expect(withApplicableSettings({ ...writeDelay, service: 'etcd' })).toMatchObject({
      mapAcross: 'pauseAtMs',
      mapUp: 'writeDelayMs',
    });
  });

  it('counts two configurations that differ only in their axes as the same run', () => {
    expect(sameRun(DEFAULT_LAB_CONFIG, { ...DEFAULT_LAB_CONFIG, mapAcross: 'pauseAtMs' })).toBe(true);
    expect(sameRun(DEFAULT_LAB_CONFIG, { ...DEFAULT_LAB_CONFIG, ttlMs: 29_999 })).toBe(false);
  });
});

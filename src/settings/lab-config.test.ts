import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LAB_CONFIG,
  LAB_SERVICES,
  parseLabConfig,
  presetConfig,
  storageApplies,
  STORAGE_FOR,
  withApplicableStorage,
  type LabConfig,
} from './lab-config';

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

describe('withApplicableStorage: the one rule for the storage option', () => {
  it.each(everyCombination.map((config) => [`${config.service} ${config.resource} ${config.storage}`, config]))(
    '%s: ends with a storage that applies, kept when it already did',
    (_, config) => {
      const fixed = withApplicableStorage(config);
      expect(applies(fixed)).toBe(true);
      if (applies(config)) expect(fixed).toBe(config);
    },
  );

  it('gives the certificate under Redis "unchecked", not the greyed-out token check', () => {
    const config = { ...DEFAULT_LAB_CONFIG, service: 'redis' as const, resource: 'certificate' as const };
    expect(withApplicableStorage({ ...config, storage: 'fenced' }).storage).toBe('unchecked');
    expect(withApplicableStorage({ ...config, storage: 'idempotencyKey' }).storage).toBe('unchecked');
  });

  it('is how links and presets are read', () => {
    for (const config of everyCombination) {
      const search = `?service=${config.service}&resource=${config.resource}&storage=${config.storage}`;
      expect(applies(parseLabConfig(search).config)).toBe(true);
      expect(applies(presetConfig(config))).toBe(true);
    }
  });
});

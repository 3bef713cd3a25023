import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_SERVICES } from '@/sim/services/lock-services';
import { loadContent } from '@/content/build/load-content';
import { NO_SEQUENCE, type WriteSequence } from '@/settings/evening-sequences';
import { withApplicableSettings } from '@/settings/lab-config';
import { axisOf } from './map-anchor';
import { computeOutcomeMap, VERDICT_CODES, type VerdictCode } from './outcome-map';
import { acrossConfigs, eveningSequences, EXERCISE_MAP_CONFIG } from './write-sequences';

const { content } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;
/** The story's row before the first write. */
const STORY_FENCE = 32;

/**
 * A sequence's verdict when each write lands as `lands` says, judged as the lab's verdict is: a write that lands
 * under a lower token than one landed before is stale; two landed writes are duplicate work. Written here apart
 * from the lab's verdict, so the reduction is checked against the maps, not against itself.
 */
function verdictUnder(sequence: WriteSequence, lands: (token: number, fence: number) => boolean): VerdictCode {
  let fence = STORY_FENCE;
  let highest = -Infinity;
  let landed = 0;
  let stale = false;
  for (const { token } of sequence) {
    if (!lands(token, fence)) continue;
    landed += 1;
    stale ||= token < highest;
    highest = Math.max(highest, token);
    fence = token;
  }
  const kind = stale ? 'staleWriteLanded' : landed > 1 ? 'duplicateWork' : 'safe';
  return VERDICT_CODES.indexOf(kind) as VerdictCode;
}
const unchecked = () => true;
const fenced = (token: number, fence: number) => fence <= token;

describe('the evenings reduced to their sequences of writes', () => {
  const evenings = eveningSequences(seed, undefined, []);
  const { map } = evenings;

  it("gives every cell of the lesson's map a sequence, and only a few distinct ones", () => {
    expect(map.cells).toHaveLength(1_600);
    expect(map.cells.every((cell) => cell !== NO_SEQUENCE && cell < evenings.sequences.length)).toBe(true);
    expect(new Set(map.cells).size).toBe(evenings.sequences.length);
    expect(evenings.sequences.length).toBeLessThan(10);
    // A alone, A then B, and B then A with A's token 33 and B's 34: the story's evening and its neighbours.
    expect(evenings.sequences).toContainEqual([
      { renewer: 'B', token: 34, serial: 1002 },
      { renewer: 'A', token: 33, serial: 1001 },
    ]);
  });

  it.each([
    ['unchecked', unchecked],
    ['fenced', fenced],
  ] as const)('gives each cell the verdict of the %s map, cell by cell', (storage, lands) => {
    const outcome = computeOutcomeMap(seed, { ...EXERCISE_MAP_CONFIG, storage }, map.x, map.y);
    const verdicts = [...map.cells].map((cell) => verdictUnder(evenings.sequences[cell]!, lands));
    expect(verdicts).toEqual([...outcome.cells]);
  });

  it('covers another service, three renewers and the write-delay axis the same way', () => {
    const config = withApplicableSettings({ ...EXERCISE_MAP_CONFIG, service: 'etcd', renewers: 3 });
    const across = eveningSequences(seed, undefined, [config]);
    const x = axisOf('ttlMs', config);
    const y = axisOf('writeDelayMs', config);
    // Its own map, computed apart: every cell's sequence must be among those the reduction found across services.
    const outcome = computeOutcomeMap(seed, { ...config, storage: 'fenced' }, x, y);
    expect(across.across.runs).toBe(2 * 1_600);
    const found = across.across.sequences.map((index) => across.sequences[index]!);
    expect(found.some((sequence) => sequence.some((write) => write.renewer === 'C'))).toBe(true);
    const codes = new Set(found.map((sequence) => verdictUnder(sequence, fenced)));
    expect([...codes].every((code) => outcome.cells.includes(code))).toBe(true);
  });

  it('maps every token-issuing service with 2 and 3 renewers, and no service without tokens', () => {
    const services = acrossConfigs().map((config) => `${config.service}:${config.renewers}`);
    const tokenIssuing = LOCK_SERVICES.filter((service) => service.issuesTokens).map(({ kind }) => kind);
    expect(services).toEqual(tokenIssuing.flatMap((kind) => [`${kind}:2`, `${kind}:3`]));
    expect(tokenIssuing).toEqual(expect.arrayContaining(['lesson', 'etcd', 'zookeeper', 'chubby', 'hazelcast']));
    expect(services.some((service) => service.startsWith('redis') || service.startsWith('redlock'))).toBe(false);
  });
});

import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { answerMapRequest, type MapReply } from './outcome-map-requests';

const { content } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;
const config = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' as const };

/** Every reply posted for `request`, with what it hands over rather than copies. */
function answer(request: Parameters<typeof answerMapRequest>[0]) {
  const posted: { reply: MapReply; transfer: Transferable[] }[] = [];
  answerMapRequest(request, (reply, transfer) => posted.push({ reply, transfer }));
  return posted;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the map worker's answers", () => {
  it('a map: its progress row by row, then the map, its cells handed over, and how long it took', () => {
    vi.spyOn(performance, 'now').mockReturnValueOnce(1_000).mockReturnValueOnce(1_250);
    const x = { field: 'ttlMs' as const, values: [10_000, 30_000, 50_000] };
    const y = { field: 'pauseMs' as const, values: [0, 40_000] };
    const posted = answer({ kind: 'map', id: 7, seed, config, x, y });
    expect(posted.slice(0, 2)).toEqual([
      { reply: { id: 7, kind: 'progress', rowsDone: 1 }, transfer: [] },
      { reply: { id: 7, kind: 'progress', rowsDone: 2 }, transfer: [] },
    ]);
    const last = posted[2]!;
    expect(posted).toHaveLength(3);
    expect(last.reply).toMatchObject({ id: 7, kind: 'done', ms: 250 });
    if (last.reply.kind !== 'done') throw new Error('not the map');
    expect(last.reply.map.cells).toHaveLength(6);
    expect(last.transfer).toEqual([last.reply.map.cells.buffer]);
  });

  it('a search: one answer, nothing handed over', () => {
    const posted = answer({ kind: 'search', id: 3, seed, config, count: 5, randomSeed: 11 });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ reply: { id: 3, kind: 'searched' }, transfer: [] });
  });
});

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runScenario } from '@/sim/run';
import { CAPTION_KEYS } from '@/walkthrough/caption-keys';
import { ContentError, loadContent } from './load-content';

const CONTENT_DIR = resolve(import.meta.dirname, '../../content');
const copies: string[] = [];

/** A throwaway copy of content/ with one file changed, to see how a broken file is reported. */
function contentWith(file: string, change: (json: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'lockstep-content-'));
  copies.push(dir);
  cpSync(CONTENT_DIR, dir, { recursive: true });
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(path, JSON.stringify(json));
  return dir;
}

function problemsOf(dir: string): readonly string[] {
  try {
    loadContent(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected the content to be rejected');
}

afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('content/', () => {
  it('loads and validates every file', () => {
    const { content } = loadContent(CONTENT_DIR);
    expect(content.scenarios.map((scenario) => scenario.id)).toContain('stale-certificate');
    expect(Object.keys(content.captions.steps).sort()).toEqual([...CAPTION_KEYS].sort());
    expect(content.opening.segments).toContainEqual({ kind: 'widget', widget: 'walkthrough' });
  });

  it('holds a seed scenario that plays the story: A gets 33, B gets 34, both ways end as the lesson says', () => {
    const scenario = loadContent(CONTENT_DIR).content.scenarios.find(({ id }) => id === 'stale-certificate')!;
    const fenced = runScenario(scenario, { fencing: true });
    const unfenced = runScenario(scenario, { fencing: false });
    const tokens = fenced.frames.flatMap(({ happening }) =>
      happening.kind === 'leaseGranted' ? [`${happening.renewer}:${happening.lease.token}`] : [],
    );
    expect(tokens).toEqual(['A:33', 'B:34']);
    expect(fenced.outcome).toMatchObject({ kind: 'newestKept', row: { fence: 34 } });
    expect(unfenced.outcome).toMatchObject({ kind: 'staleOverwrote', row: { fence: 33 } });
  });
});

describe('the scenario file drives the timeline', () => {
  it('a shorter pause in the file means no expiry and no stale write, even unfenced', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { pauses: { durationMs: number }[] }[])[0]!.pauses[0]!.durationMs = 10_000;
    });
    const scenario = loadContent(dir).content.scenarios[0]!;
    const timeline = runScenario(scenario, { fencing: false });
    expect(timeline.frames.map(({ happening }) => happening.kind)).not.toContain('leaseExpired');
    expect(timeline.outcome.kind).toBe('newestKept');
  });

  it('a longer TTL in the file moves the expiry', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.leaseTtlMs = 35_000;
    });
    const timeline = runScenario(loadContent(dir).content.scenarios[0]!, { fencing: true });
    expect(timeline.frames.find(({ happening }) => happening.kind === 'leaseExpired')?.at).toBe(35_000);
  });
});

describe('loadContent rejects broken files, naming the file and the field', () => {
  it('a wrong type in a scenario', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.leaseTtlMs = 'thirty seconds';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: leaseTtlMs: /),
    ]);
  });

  it('a nested field of a renewer', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      (json.renewers as { pauses: { durationMs: number }[] }[])[0]!.pauses[0]!.durationMs = -5;
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: renewers\[0\]\.pauses\[0\]\.durationMs: /),
    ]);
  });

  it('an initial fence that no token could pass', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.initialCertificate = { serial: 1000, fence: 40 };
    });
    expect(problemsOf(dir)).toEqual([
      'content/scenarios/stale-certificate.json: initialCertificate.fence: must be lower than firstFencingToken (33), or no renewer could ever write',
    ]);
  });

  it('an unknown field', () => {
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.leaseTTL = 30000;
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/stale-certificate\.json: \(top level\): .*leaseTTL/)]);
  });

  it('a caption with a placeholder its step does not offer', () => {
    const dir = contentWith('walkthrough/captions.json', (json) => {
      (json.steps as Record<string, { caption: string }>).leaseGranted!.caption = 'Granted with {tokn}.';
    });
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(
        /^content\/walkthrough\/captions\.json: steps\.leaseGranted\.caption: unknown placeholder \{tokn\}/,
      ),
    ]);
  });

  it('a missing caption', () => {
    const dir = contentWith('walkthrough/captions.json', (json) => {
      delete (json.steps as Record<string, unknown>).writeRejected;
    });
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/captions\.json: steps\.writeRejected: /)]);
  });

  it('a file that is not JSON at all', () => {
    const dir = contentWith('scenarios/stale-certificate.json', () => undefined);
    writeFileSync(join(dir, 'scenarios/stale-certificate.json'), '{ "id": ');
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/^content\/scenarios\/stale-certificate\.json: .*JSON/)]);
  });
});

describe('contentPlugin', () => {
  it('fails the build with the file and field when content is broken', async () => {
    const { contentPlugin } = await import('./content-plugin');
    const dir = contentWith('scenarios/stale-certificate.json', (json) => {
      json.firstFencingToken = 0;
    });
    const plugin = contentPlugin(dir);
    const load = plugin.load as (this: { addWatchFile: (file: string) => void }, id: string) => string | null;
    expect(() => load.call({ addWatchFile: () => undefined }, '\0virtual:lockstep/content')).toThrow(
      /content\/scenarios\/stale-certificate\.json: firstFencingToken: /,
    );
  });
});

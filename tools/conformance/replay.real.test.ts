import { resolve } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '@/content/build/load-content';
import type { Redis } from './redis-commands';
import { replayScenario } from './replay';
import { parseArguments } from './replay-cli';
import { startPostgres, startRedis, type RunningServer } from './servers';

const { content, postgres: statements } = loadContent(resolve(import.meta.dirname, '../../content'));
const seed = content.scenarios.find((scenario) => scenario.id === 'stale-certificate')!;

describe('npm run replay: the lesson evening against real Redis and Postgres', () => {
  let servers: [RunningServer, RunningServer & { user: string }];
  let redis: Redis;
  let postgres: pg.Pool;

  beforeAll(async () => {
    servers = await Promise.all([startRedis(), startPostgres()]);
    redis = createClient({ socket: { host: '127.0.0.1', port: servers[0].port } }) as Redis;
    await redis.connect();
    postgres = new pg.Pool({ host: '127.0.0.1', port: servers[1].port, user: servers[1].user, database: 'postgres' });
  }, 60_000);

  afterAll(async () => {
    await redis?.quit();
    await postgres?.end();
    await Promise.all(servers?.map((server) => server.stop()) ?? []);
  });

  for (const fencing of [true, false]) {
    it(`matches every real reply with fencing ${fencing ? 'on' : 'off'}`, async () => {
      const transcript: string[] = [];
      const result = await replayScenario(seed, {
        fencing,
        // 10× leaves B's retry at 31 s a full 100 ms after A's key is gone, even on a busy machine.
        speed: 10,
        redis,
        postgres,
        statements,
        print: (line) => transcript.push(line),
      });
      expect(result.mismatches).toEqual([]);
      expect(result.replies).toBe(9);
      const lateWrite = transcript.findIndex((line) => line.includes("'serial 1001, issued at 5 s', 33"));
      expect(transcript[lateWrite + 1]).toMatch(fencing ? /real: UPDATE 0/ : /real: UPDATE 1/);
      expect(transcript.at(-1)).toBe('# All 9 real replies matched the simulation.');
      expect(transcript[1]).toMatch(/stand-in: SET NX PX and INCR in one script on one Redis/);
      expect(transcript[1]).toMatch(/can repeat a token after a failover/);
    }, 30_000);
  }
});

describe('replay arguments', () => {
  it('needs a scenario and --against real, and checks --fencing and --speed', () => {
    expect(parseArguments(['stale-certificate', '--against', 'real'])).toEqual({
      scenarioId: 'stale-certificate',
      fencing: [true, false],
      speed: 10,
    });
    expect(parseArguments(['--against', 'real'])).toEqual({ problem: 'Name the scenario to play.' });
    expect(parseArguments(['stale-certificate'])).toEqual({
      problem: 'Say what to play it against: --against real.',
    });
    expect(parseArguments(['x', '--against', 'real', '--fencing', 'maybe'])).toEqual({
      problem: '--fencing is on, off or both, not "maybe".',
    });
    expect(parseArguments(['x', '--against', 'real', '--speed', '0'])).toEqual({
      problem: '--speed is a number from 1 to 100, not "0".',
    });
  });
});

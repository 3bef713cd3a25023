import { resolve } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';
import { loadContent } from '@/content/build/load-content';
import type { Redis } from './redis-commands';
import { replayScenario } from './replay';
import { startPostgres, startRedis } from './servers';
import { known } from '@/sim/known';

const USAGE = `Usage: npm run replay -- <scenario> --against real [--fencing on|off|both] [--speed 10]

Plays a lesson scenario against a real redis-server and PostgreSQL, started on free loopback ports for the
run and stopped after it, and prints each command with the real reply beside the simulation's.`;

interface Arguments {
  readonly scenarioId: string;
  readonly fencing: readonly boolean[];
  readonly speed: number;
}

export function parseArguments(argv: readonly string[]): Arguments | { problem: string } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = known(argv[index]);
    if (arg.startsWith('--')) flags.set(arg.slice(2), argv[(index += 1)] ?? '');
    else positional.push(arg);
  }
  const [scenarioId] = positional;
  if (!scenarioId) return { problem: 'Name the scenario to play.' };
  if (flags.get('against') !== 'real') return { problem: 'Say what to play it against: --against real.' };
  const fencing = flags.get('fencing') ?? 'both';
  if (!['on', 'off', 'both'].includes(fencing)) return { problem: `--fencing is on, off or both, not "${fencing}".` };
  const speed = Number(flags.get('speed') ?? '10');
  if (!Number.isFinite(speed) || speed < 1 || speed > 100) {
    return { problem: `--speed is a number from 1 to 100, not "${flags.get('speed')}".` };
  }
  return { scenarioId, fencing: fencing === 'both' ? [true, false] : [fencing === 'on'], speed };
}

export async function main(argv: readonly string[], contentDir = resolve(process.cwd(), 'content')): Promise<number> {
  const parsed = parseArguments(argv);
  if ('problem' in parsed) {
    console.error(`${parsed.problem}\n\n${USAGE}`);
    return 2;
  }
  const { content, postgres: statements } = loadContent(contentDir);
  const scenario = content.scenarios.find((candidate) => candidate.id === parsed.scenarioId);
  if (!scenario) {
    const known = content.scenarios.map((candidate) => candidate.id).join(', ');
    console.error(`There is no scenario "${parsed.scenarioId}". Scenarios: ${known}.`);
    return 2;
  }
  console.log('# Starting redis-server and PostgreSQL on loopback…');
  const started = await Promise.allSettled([startRedis(), startPostgres()]);
  const [redisStart, postgresStart] = started;
  if (redisStart.status === 'rejected' || postgresStart.status === 'rejected') {
    // Stop whichever did start, so a failed run leaves nothing behind.
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
    const failed = started.find((result) => result.status === 'rejected');
    console.error(failed?.reason instanceof Error ? failed.reason.message : String(failed?.reason));
    return 1;
  }
  const [redisServer, postgresServer] = [redisStart.value, postgresStart.value];
  const redis = createClient({ socket: { host: '127.0.0.1', port: redisServer.port } }) as Redis;
  const postgres = new pg.Pool({
    host: '127.0.0.1',
    port: postgresServer.port,
    user: postgresServer.user,
    database: 'postgres',
  });
  try {
    await redis.connect();
    let mismatches = 0;
    for (const fencing of parsed.fencing) {
      const result = await replayScenario(scenario, {
        fencing,
        speed: parsed.speed,
        redis,
        postgres,
        statements,
        print: (line) => console.log(line),
      });
      mismatches += result.mismatches.length;
      console.log('');
    }
    return mismatches === 0 ? 0 : 1;
  } finally {
    await redis.quit().catch(() => undefined);
    await postgres.end();
    await Promise.all([redisServer.stop(), postgresServer.stop()]);
  }
}

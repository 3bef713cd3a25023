import type pg from 'pg';
import type { PostgresPageContent } from '@/content/types';
import type { Happening } from '@/sim/happenings';
import { runScenario, type Frame } from '@/sim/run';
import type { ScenarioDefinition } from '@/sim/scenario';
import { formatTime } from '@/story/format';
import { describeCertificate } from '@/story/narrate';
import { acquire, release, tokenKey, type Redis } from './redis-commands';
import { known } from '@/sim/known';

/**
 * Plays a lesson scenario against a real Redis (the lock, with its token counter) and a real Postgres (the
 * certificates table), at `speed` times real time: each command goes out when the simulation says, and its
 * real reply is printed beside the simulation's.
 */
export interface ReplayOptions {
  readonly fencing: boolean;
  /** 10 plays the 47 s evening in under 5 s; TTLs and pauses shrink by the same factor. */
  readonly speed: number;
  readonly redis: Redis;
  readonly postgres: pg.Pool;
  readonly statements: PostgresPageContent;
  readonly print: (line: string) => void;
}

export interface ReplayResult {
  readonly replies: number;
  readonly mismatches: readonly string[];
}

export async function replayScenario(scenario: ScenarioDefinition, options: ReplayOptions): Promise<ReplayResult> {
  const kind = scenario.lockService?.kind ?? 'lesson';
  if (kind !== 'lesson') {
    throw new Error(
      `replay plays the lesson's lock service (stood in for by Redis with a token counter); ${scenario.id} uses ${kind}`,
    );
  }
  const { fencing, speed, redis, postgres, statements, print } = options;
  const timeline = runScenario(scenario, { fencing });
  const key = scenario.lockKey;
  const ttlMs = Math.round(scenario.leaseTtlMs / speed);
  const nameOf = (id: string) => scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;
  const values = new Map<string, string>();
  const mismatches: string[] = [];
  let replies = 0;
  let started = performance.now();
  // When each holder's key really expires: a TTL after its SET went out, not after the story's moment.
  const keyExpiresAt = new Map<string, number>();

  const compare = (what: string, real: string, simulated: string) => {
    replies += 1;
    const same = real === simulated;
    print(`      real: ${real.padEnd(28)} simulation: ${simulated}  ${same ? 'same' : 'DIFFERENT'}`);
    if (!same) mismatches.push(`${what}: real ${real}, simulation ${simulated}`);
  };
  const command = (frame: Frame, who: string, line: string) =>
    print(`[${formatTime(frame.at).padStart(8)}] ${who.padEnd(14)} ${line}`);

  print(`# ${scenario.title}: fencing ${fencing ? 'on' : 'off'}, ${speed}× real time (TTL ${ttlMs} ms)`);
  print(
    "# The lesson's lock service is played by a stand-in: SET NX PX and INCR in one script on one Redis. " +
      'SET NX PX alone gives no token, and a single Redis counter can repeat a token after a failover.',
  );
  for (const [index, frame] of timeline.frames.entries()) {
    const { happening } = frame;
    // Wait until this step's moment; an expiry is checked a little after the key's real deadline.
    const expiresAt = happening.kind === 'leaseExpired' ? keyExpiresAt.get(happening.lease.holder) : undefined;
    const due =
      expiresAt === undefined ? started + frame.at / speed : Math.max(started + frame.at / speed, expiresAt + 25);
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    const next = timeline.frames[index + 1]?.happening;
    await playStep(frame, next);
    // The story's clock starts once the table and the counter are ready.
    if (happening.kind === 'scenarioStarted') started = performance.now();
  }
  print(
    mismatches.length === 0
      ? `# All ${replies} real replies matched the simulation.`
      : `# ${mismatches.length} of ${replies} real replies differed from the simulation.`,
  );
  return { replies, mismatches };

  async function playStep(frame: Frame, next: Happening | undefined) {
    const { happening } = frame;
    switch (happening.kind) {
      case 'scenarioStarted': {
        const row = known(happening.row);
        await postgres.query('DROP TABLE IF EXISTS certificates');
        command(frame, 'setup', `postgres> ${oneLine(statements.createTable)}`);
        await postgres.query(statements.createTable);
        const cert = describeCertificate(row.cert);
        command(frame, 'setup', `postgres> ${statements.insertRow}  -- '${row.domain}', '${cert}', ${row.fence}`);
        const inserted = await postgres.query(statements.insertRow, [row.domain, cert, row.fence]);
        print(`      real: INSERT 0 ${inserted.rowCount}`);
        const counter = String(scenario.firstFencingToken - 1);
        await redis.del(key);
        command(frame, 'setup', `redis> SET ${tokenKey(key)} ${counter}`);
        print(`      real: ${await redis.set(tokenKey(key), counter)}`);
        return;
      }
      case 'acquireRequested': {
        values.set(happening.renewer, happening.leaseValue);
        command(
          frame,
          nameOf(happening.renewer),
          `redis> SET ${key} ${happening.leaseValue} NX PX ${ttlMs}, then INCR ${tokenKey(key)} (one script)`,
        );
        const sentAt = performance.now();
        const token = await acquire(redis, key, happening.leaseValue, ttlMs);
        if (token !== null) keyExpiresAt.set(happening.renewer, sentAt + ttlMs);
        const simulated = next?.kind === 'leaseGranted' ? `token ${next.lease.token}` : 'nil';
        compare(`${nameOf(happening.renewer)}'s acquire`, token === null ? 'nil' : `token ${token}`, simulated);
        return;
      }
      case 'leaseExpired': {
        command(
          frame,
          'lock service',
          `redis> EXISTS ${key}   # ${nameOf(happening.lease.holder)}'s lease is due to expire`,
        );
        compare('the expiry', String(await redis.exists(key)), '0');
        return;
      }
      case 'writeRequested': {
        const sql = happening.mode === 'fenced' ? statements.sql.fenced : statements.sql.unfenced;
        const cert = describeCertificate(happening.cert);
        command(
          frame,
          nameOf(happening.renewer),
          `postgres> ${oneLine(sql)}  -- '${scenario.domain}', '${cert}', ${happening.fencingToken}`,
        );
        const result = await postgres.query(sql, [scenario.domain, cert, happening.fencingToken]);
        compare(`${nameOf(happening.renewer)}'s write`, `UPDATE ${result.rowCount}`, `UPDATE ${happening.rowsChanged}`);
        return;
      }
      case 'releaseRequested': {
        command(frame, nameOf(happening.renewer), `redis> EVAL <compare-and-delete> 1 ${key} ${happening.leaseValue}`);
        const deleted = await release(redis, key, values.get(happening.renewer) ?? happening.leaseValue);
        compare(`${nameOf(happening.renewer)}'s release`, String(deleted), next?.kind === 'leaseReleased' ? '1' : '0');
        return;
      }
      case 'scenarioEnded': {
        const sql = 'SELECT cert, fence FROM certificates WHERE domain = $1';
        command(frame, 'end', `postgres> ${sql}  -- '${scenario.domain}'`);
        const { rows } = await postgres.query<{ cert: string; fence: string }>(sql, [scenario.domain]);
        const row = happening.outcome.row;
        compare(
          'the final row',
          rows[0] ? `${rows[0].cert}, fence ${rows[0].fence}` : 'no row',
          row ? `${describeCertificate(row.cert)}, fence ${row.fence}` : 'no row',
        );
        return;
      }
      case 'processPaused':
        print(`# ${nameOf(happening.renewer)} freezes for ${formatTime(happening.durationMs)} of the story`);
        return;
      case 'processResumed':
        print(`# ${nameOf(happening.renewer)} wakes up, still believing it holds the lock`);
        return;
      default:
        return;
    }
  }
}

const oneLine = (sql: string) =>
  sql
    .replace(/\s*--[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

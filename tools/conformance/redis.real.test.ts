import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLockService,
  currentLease,
  grantLease,
  releaseLease,
  type LessonLock,
} from '@/sim/services/lesson/model';
import { virtualMs } from '@/sim/types';
import { acquire, release, RELEASE_SCRIPT, tokenKey, type Redis } from './redis-commands';
import { startRedis, type RunningServer } from './servers';

// Redis docs, "SET" (NX, PX) and "Distributed Locks with Redis" (compare-and-delete release). The model in
// src/sim/lock-service.ts must answer every operation as a real redis-server 7 does.
const TTL_MS = 1_000;
const FIRST_TOKEN = 33;
const WAITS = [0, 300, 1_400] as const;
/** How far from a lease's expiry every operation must be, so command latency cannot tip a comparison. */
const MARGIN_MS = 250;

type Operation =
  | { readonly kind: 'acquire'; readonly client: 'A' | 'B' }
  | { readonly kind: 'release'; readonly client: 'A' | 'B' }
  | { readonly kind: 'get' }
  | { readonly kind: 'wait'; readonly ms: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('acquire' as const), client: fc.constantFrom('A' as const, 'B' as const) }),
  fc.record({ kind: fc.constant('release' as const), client: fc.constantFrom('A' as const, 'B' as const) }),
  fc.constant({ kind: 'get' as const }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(...WAITS) }),
);

/** What a client can observe of each operation: granted with which token, released or not, who holds the key. */
type Observation = string;

/** Keeps the sequences whose operations all fall well clear of the moment a granted lease expires. */
function clearOfExpiries(operations: readonly Operation[]): boolean {
  let lock: LessonLock = createLockService('lock', FIRST_TOKEN);
  let now = 0;
  for (const [index, op] of operations.entries()) {
    if (op.kind === 'wait') {
      now += op.ms;
      continue;
    }
    const expiresAt = lock.lease?.expiresAt;
    if (expiresAt !== undefined && Math.abs(now - expiresAt) < MARGIN_MS) return false;
    if (op.kind === 'acquire') {
      lock = grantLease(lock, { holder: op.client, value: `${index}`, ttlMs: TTL_MS, now: virtualMs(now) }).lock;
    }
  }
  return true;
}

function onModel(operations: readonly Operation[]): Observation[] {
  let lock: LessonLock = createLockService('lock', FIRST_TOKEN);
  let now = 0;
  const values = { A: '', B: '' };
  return operations.map((op, index) => {
    switch (op.kind) {
      case 'wait':
        now += op.ms;
        return `wait ${op.ms}`;
      case 'acquire': {
        const value = `${op.client}-${index}`;
        const granted = grantLease(lock, { holder: op.client, value, ttlMs: TTL_MS, now: virtualMs(now) });
        lock = granted.lock;
        if (!granted.result.granted) return `${op.client} acquire: nil`;
        values[op.client] = value;
        return `${op.client} acquire: token ${granted.result.lease.token}`;
      }
      case 'release': {
        const released = releaseLease(lock, { value: values[op.client], now: virtualMs(now) });
        lock = released.lock;
        return `${op.client} release: ${released.result.released ? 1 : 0}`;
      }
      case 'get':
        return `get: ${currentLease(lock, virtualMs(now))?.value ?? 'nil'}`;
    }
  });
}

async function onRedis(redis: Redis, key: string, operations: readonly Operation[]): Promise<Observation[]> {
  await redis.set(tokenKey(key), String(FIRST_TOKEN - 1));
  const values = { A: '', B: '' };
  const observations: Observation[] = [];
  for (const [index, op] of operations.entries()) {
    switch (op.kind) {
      case 'wait':
        await new Promise((done) => setTimeout(done, op.ms));
        observations.push(`wait ${op.ms}`);
        break;
      case 'acquire': {
        const value = `${op.client}-${index}`;
        const token = await acquire(redis, key, value, TTL_MS);
        if (token !== null) values[op.client] = value;
        observations.push(`${op.client} acquire: ${token === null ? 'nil' : `token ${token}`}`);
        break;
      }
      case 'release':
        observations.push(`${op.client} release: ${await release(redis, key, values[op.client])}`);
        break;
      case 'get':
        observations.push(`get: ${(await redis.get(key)) ?? 'nil'}`);
        break;
    }
  }
  return observations;
}

describe('the walkthrough lock service model against its Redis stand-in (SET NX PX + INCR in one script)', () => {
  let server: RunningServer;
  let redis: Redis;

  beforeAll(async () => {
    server = await startRedis();
    redis = createClient({ socket: { host: '127.0.0.1', port: server.port } }) as Redis;
    await redis.connect();
  }, 60_000);

  afterAll(async () => {
    await redis?.quit();
    await server?.stop();
  });

  it('releases with the very script the lesson shows', () => {
    const lesson = readFileSync(resolve(import.meta.dirname, '../../content/lesson/03-the-simple-lock.md'), 'utf8');
    expect(lesson).toContain(RELEASE_SCRIPT);
  });

  it('SET NX PX: the second acquirer gets nil until the key expires, then the next token', async () => {
    const operations: Operation[] = [
      { kind: 'acquire', client: 'A' },
      { kind: 'acquire', client: 'B' },
      { kind: 'get' },
      { kind: 'wait', ms: 1_400 },
      { kind: 'get' },
      { kind: 'acquire', client: 'B' },
      { kind: 'release', client: 'A' },
      { kind: 'release', client: 'B' },
      { kind: 'get' },
    ];
    const real = await onRedis(redis, 'lock:cert:scripted', operations);
    expect(real).toEqual([
      'A acquire: token 33',
      'B acquire: nil',
      'get: A-0',
      'wait 1400',
      'get: nil',
      'B acquire: token 34',
      'A release: 0',
      'B release: 1',
      'get: nil',
    ]);
    expect(onModel(operations)).toEqual(real);
  });

  it('agrees with the model on 40 generated sequences of acquire, release, read and wait', async () => {
    const sequences = fc
      .sample(fc.array(operation, { minLength: 1, maxLength: 9 }), { numRuns: 200, seed: 20161208 })
      .filter(clearOfExpiries)
      .slice(0, 40);
    expect(sequences).toHaveLength(40);
    // Each sequence has its own key, so they run side by side and the suite stays quick.
    const results = await Promise.all(
      sequences.map(async (operations, index) => ({
        operations,
        real: await onRedis(redis, `lock:cert:generated-${index}`, operations),
      })),
    );
    for (const { operations, real } of results) {
      expect(onModel(operations), JSON.stringify(operations)).toEqual(real);
    }
  }, 60_000);
});

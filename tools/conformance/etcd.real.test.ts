import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEtcd,
  etcdLockOwner,
  expireEtcdLeases,
  grantEtcdLease,
  keepAliveEtcdLease,
  lockEtcd,
  unlockEtcd,
  type EtcdStore,
} from '@/sim/services/etcd/model';
import { etcdLeaseTtl } from '@/sim/services/etcd/model';
import { virtualMs } from '@/sim/types';
import { EtcdClient } from './etcd-client';
import { startEtcd, type RunningServer } from './servers';

// etcd API docs (leases, revisions), etcd's concurrency Mutex (client/v3/concurrency/mutex.go) and the Jepsen
// etcd 3.4.3 analysis: the model in src/sim/etcd.ts must see the same lease TTLs, keep-alive answers, lock
// owners and revisions as a real etcd 3.4.
const REQUESTED_TTL_MS = 1_000; // below etcd's minimum: both must raise it to 2 s
const WAITS = [0, 400, 3_000] as const;
const CLIENTS = ['A', 'B'] as const;
type Client = (typeof CLIENTS)[number];

type Operation =
  | { readonly kind: 'grant' | 'keepAlive' | 'lock' | 'unlock'; readonly client: Client }
  | { readonly kind: 'read' }
  | { readonly kind: 'wait'; readonly ms: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('grant' as const, 'keepAlive' as const, 'lock' as const, 'unlock' as const),
    client: fc.constantFrom(...CLIENTS),
  }),
  fc.constant({ kind: 'read' as const }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.constantFrom(...WAITS) }),
);

/**
 * Real etcd revokes expired leases on a 500 ms timer, so a lease may outlive its TTL by up to a second. A
 * sequence is compared only if no operation falls between 250 ms before and 1.2 s after any expiry.
 */
function clearOfExpiries(operations: readonly Operation[]): boolean {
  const ttl = etcdLeaseTtl(REQUESTED_TTL_MS);
  const refreshed: Partial<Record<Client, number>> = {};
  let now = 0;
  for (const op of operations) {
    if (op.kind === 'wait') {
      now += op.ms;
      continue;
    }
    for (const at of Object.values(refreshed)) if (now > at + ttl - 250 && now < at + ttl + 1_200) return false;
    if (op.kind === 'grant' && refreshed[op.client] === undefined) refreshed[op.client] = now;
    if (op.kind === 'keepAlive' && refreshed[op.client] !== undefined && now < refreshed[op.client]! + ttl) {
      refreshed[op.client] = now;
    }
  }
  return true;
}

function onModel(operations: readonly Operation[], prefix: string, startRevision: number): string[] {
  let store: EtcdStore = createEtcd(startRevision, 7);
  let now = 0;
  const leases: Partial<Record<Client, string>> = {};
  const keys = new Map<string, Client>();
  const nameOf = (key: string | null) => (key === null ? 'none' : (keys.get(key) ?? key));
  return operations.map((op) => {
    if (op.kind === 'wait') {
      now += op.ms;
      return `wait ${op.ms}`;
    }
    store = expireEtcdLeases(store, virtualMs(now));
    const lease = op.kind === 'read' ? undefined : leases[op.client];
    switch (op.kind) {
      case 'grant': {
        if (lease) return `${op.client} grant: already has one`;
        const granted = grantEtcdLease(store, etcdLeaseTtl(REQUESTED_TTL_MS), virtualMs(now));
        store = granted.store;
        leases[op.client] = granted.lease.id;
        return `${op.client} grant: TTL ${granted.lease.ttlMs / 1_000} s`;
      }
      case 'keepAlive': {
        if (!lease) return `${op.client} keep-alive: no lease`;
        const kept = keepAliveEtcdLease(store, lease, virtualMs(now));
        store = kept.store;
        return `${op.client} keep-alive: ${kept.alive ? 'alive' : 'expired'}`;
      }
      case 'lock': {
        if (!lease || !store.leases[lease]) return `${op.client} lock: no live lease`;
        const locked = lockEtcd(store, prefix, lease);
        store = locked.store;
        keys.set(locked.key, op.client);
        return `${op.client} lock: created at +${locked.createRevision - startRevision}, owner ${nameOf(etcdLockOwner(store, prefix))}`;
      }
      case 'unlock': {
        const key = [...keys].find(([, client]) => client === op.client)?.[0];
        const deleted = key !== undefined && store.keys[key] !== undefined;
        if (key !== undefined) store = unlockEtcd(store, key);
        return `${op.client} unlock: deleted ${deleted ? 1 : 0}`;
      }
      case 'read':
        return `read: revision +${store.revision - startRevision}, owner ${nameOf(etcdLockOwner(store, prefix))}`;
    }
  });
}

async function onEtcd(etcd: EtcdClient, operations: readonly Operation[], prefix: string, startRevision: number) {
  const leases: Partial<Record<Client, { id: string; alive: boolean }>> = {};
  const keys = new Map<string, Client>();
  const nameOf = (key: string | null) => (key === null ? 'none' : (keys.get(key) ?? key));
  const observations: string[] = [];
  for (const op of operations) {
    if (op.kind === 'wait') {
      await new Promise((done) => setTimeout(done, op.ms));
      observations.push(`wait ${op.ms}`);
      continue;
    }
    const lease = op.kind === 'read' ? undefined : leases[op.client];
    switch (op.kind) {
      case 'grant': {
        if (lease) {
          observations.push(`${op.client} grant: already has one`);
          break;
        }
        const granted = await etcd.grantLease(REQUESTED_TTL_MS / 1_000);
        leases[op.client] = { id: granted.id, alive: true };
        observations.push(`${op.client} grant: TTL ${granted.ttlSeconds} s`);
        break;
      }
      case 'keepAlive': {
        if (!lease) {
          observations.push(`${op.client} keep-alive: no lease`);
          break;
        }
        lease.alive = await etcd.keepAlive(lease.id);
        observations.push(`${op.client} keep-alive: ${lease.alive ? 'alive' : 'expired'}`);
        break;
      }
      case 'lock': {
        // A lease etcd has revoked cannot carry a new key; the client sees that as an error and stops.
        if (!lease || !(await etcd.keepAliveProbe(lease.id))) {
          observations.push(`${op.client} lock: no live lease`);
          break;
        }
        const locked = await etcd.lock(prefix, lease.id);
        keys.set(locked.key, op.client);
        observations.push(
          `${op.client} lock: created at +${locked.createRevision - startRevision}, owner ${nameOf(locked.owner)}`,
        );
        break;
      }
      case 'unlock': {
        const key = [...keys].find(([, client]) => client === op.client)?.[0];
        observations.push(`${op.client} unlock: deleted ${key === undefined ? 0 : await etcd.unlock(key)}`);
        break;
      }
      case 'read':
        observations.push(
          `read: revision +${(await etcd.revision()) - startRevision}, owner ${nameOf(await etcd.owner(prefix))}`,
        );
        break;
    }
  }
  for (const lease of Object.values(leases)) await etcd.revoke(lease.id).catch(() => undefined);
  return observations;
}

describe('the etcd model against etcd 3.4', () => {
  const servers: RunningServer[] = [];
  const clients: EtcdClient[] = [];

  beforeAll(async () => {
    // Four servers side by side: revisions are cluster-wide, so each runs its sequences one after another.
    servers.push(...(await Promise.all([startEtcd(), startEtcd(), startEtcd(), startEtcd()])));
    clients.push(...servers.map((server) => new EtcdClient(`http://127.0.0.1:${server.port}`)));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('raises a 1 s lease to the 2 s minimum, hands the lock to the oldest key, and its revision rises across holders', async () => {
    const operations: Operation[] = [
      { kind: 'grant', client: 'A' },
      { kind: 'lock', client: 'A' },
      { kind: 'grant', client: 'B' },
      { kind: 'lock', client: 'B' },
      { kind: 'unlock', client: 'A' },
      { kind: 'read' },
      { kind: 'wait', ms: 3_000 },
      { kind: 'read' },
      { kind: 'keepAlive', client: 'B' },
    ];
    const etcd = clients[0]!;
    const start = await etcd.revision();
    const real = await onEtcd(etcd, operations, '/lockstep/scripted', start);
    expect(real).toEqual([
      'A grant: TTL 2 s',
      'A lock: created at +1, owner A',
      'B grant: TTL 2 s',
      'B lock: created at +2, owner A',
      'A unlock: deleted 1',
      'read: revision +3, owner B',
      'wait 3000',
      // B never kept its lease alive: etcd revoked it and deleted its key, one more revision.
      'read: revision +4, owner none',
      'B keep-alive: expired',
    ]);
    expect(onModel(operations, '/lockstep/scripted', start)).toEqual(real);
  }, 30_000);

  it('agrees with the model on 24 generated sequences of grant, keep-alive, lock, unlock, read and wait', async () => {
    const sequences = fc
      .sample(fc.array(operation, { minLength: 2, maxLength: 10 }), { numRuns: 400, seed: 20161208 })
      .filter(clearOfExpiries)
      .slice(0, 24);
    expect(sequences).toHaveLength(24);
    await Promise.all(
      clients.map(async (etcd, server) => {
        for (const [index, operations] of sequences.entries()) {
          if (index % clients.length !== server) continue;
          const prefix = `/lockstep/generated-${index}`;
          const start = await etcd.revision();
          const real = await onEtcd(etcd, operations, prefix, start);
          expect(onModel(operations, prefix, start), JSON.stringify(operations)).toEqual(real);
        }
      }),
    );
  }, 120_000);
});

import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { virtualMs } from '@/sim/types';
import {
  closeSession,
  createEphemeralSequential,
  createZooKeeper,
  deleteNode,
  expireSessions,
  getChildren,
  openSession,
  zkLockHolder,
  type ZooKeeper,
} from '@/sim/services/zookeeper/model';
import { startZooKeeper, type RunningServer } from './servers';
import {
  children,
  close,
  connect,
  CreateMode,
  createNode,
  removeNode,
  stat,
  zxidOf,
  type ZkConnection,
} from './zookeeper-client';

// ZooKeeper programmer's guide (sessions, zxids, ephemeral and sequential nodes, cversion) and the lock
// recipe: the model in src/sim/zookeeper.ts must see the same node names, czxids, holders and child
// versions as a real ZooKeeper 3.8, started here with tickTime 500 ms (sessions of 1 to 10 s).
const TICK_MS = 500;
const CLIENTS = ['A', 'B', 'C'] as const;
type Client = (typeof CLIENTS)[number];

type Operation =
  | { readonly kind: 'open'; readonly client: Client; readonly timeoutMs: number }
  | { readonly kind: 'create' | 'delete' | 'close'; readonly client: Client }
  | { readonly kind: 'read' };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('open' as const),
    client: fc.constantFrom(...CLIENTS),
    timeoutMs: fc.constantFrom(800, 2_000, 30_000),
  }),
  fc.record({
    kind: fc.constantFrom('create' as const, 'delete' as const, 'close' as const),
    client: fc.constantFrom(...CLIENTS),
  }),
  fc.constant({ kind: 'read' as const }),
);

function describeChildren(names: readonly string[], owners: ReadonlyMap<string, Client>, cversion: number) {
  const sorted = [...names].sort();
  const listed = sorted.map((name) => `${name} (${owners.get(name) ?? '?'})`).join(', ');
  return `read: [${listed}] holder ${sorted[0] ? owners.get(sorted[0]) : 'none'}, cversion ${cversion}`;
}

function onModel(operations: readonly Operation[], lockCzxid: number): string[] {
  let zk: ZooKeeper = createZooKeeper(lockCzxid);
  const open = new Set<Client>();
  const nodes = new Map<Client, string>();
  const owners = new Map<string, Client>();
  return operations.map((op) => {
    if (op.kind === 'read') {
      const holder = zkLockHolder(zk);
      const names = zk.children.map((node) => node.name);
      expect(holder?.name ?? null).toBe([...names].sort()[0] ?? null);
      return describeChildren(names, owners, zk.cversion);
    }
    const { client } = op;
    if (op.kind !== 'open' && !open.has(client)) return `${client} ${op.kind}: no session`;
    switch (op.kind) {
      case 'open': {
        if (open.has(client)) return `${client} open: already open`;
        zk = openSession(zk, client, op.timeoutMs, virtualMs(0), TICK_MS);
        open.add(client);
        return `${client} open: timeout ${zk.sessions[client]!.timeoutMs}`;
      }
      case 'create': {
        const created = createEphemeralSequential(zk, client);
        zk = created.zk;
        nodes.set(client, created.node.name);
        owners.set(created.node.name, client);
        return `${client} create: ${created.node.name} at czxid +${created.node.czxid - lockCzxid}`;
      }
      case 'delete': {
        const name = nodes.get(client);
        const exists = name !== undefined && zk.children.some((node) => node.name === name);
        if (exists) zk = deleteNode(zk, name);
        return `${client} delete: ${exists ? 'ok' : 'no node'}`;
      }
      case 'close':
        zk = closeSession(zk, client);
        open.delete(client);
        return `${client} close`;
    }
  });
}

async function onZooKeeper(port: number, control: ZkConnection, operations: readonly Operation[], lock: string) {
  const sessions = new Map<Client, ZkConnection>();
  const nodes = new Map<Client, string>();
  const owners = new Map<string, Client>();
  const observations: string[] = [];
  const lockCzxid = zxidOf((await stat(control.client, lock))!.czxid);
  for (const op of operations) {
    if (op.kind === 'read') {
      const names = await children(control.client, lock);
      observations.push(describeChildren(names, owners, (await stat(control.client, lock))!.cversion));
      continue;
    }
    const { client } = op;
    const session = sessions.get(client);
    if (op.kind !== 'open' && !session) {
      observations.push(`${client} ${op.kind}: no session`);
      continue;
    }
    switch (op.kind) {
      case 'open': {
        if (session) {
          observations.push(`${client} open: already open`);
          break;
        }
        const opened = await connect(port, op.timeoutMs);
        sessions.set(client, opened);
        observations.push(`${client} open: timeout ${opened.sessionTimeoutMs}`);
        break;
      }
      case 'create': {
        const path = await createNode(session!.client, `${lock}/lock-`, CreateMode.EPHEMERAL_SEQUENTIAL);
        const name = path.slice(lock.length + 1);
        nodes.set(client, name);
        owners.set(name, client);
        const czxid = zxidOf((await stat(session!.client, path))!.czxid);
        observations.push(`${client} create: ${name} at czxid +${czxid - lockCzxid}`);
        break;
      }
      case 'delete': {
        const name = nodes.get(client);
        const exists = name !== undefined && (await stat(session!.client, `${lock}/${name}`)) !== null;
        if (exists) await removeNode(session!.client, `${lock}/${name}`);
        observations.push(`${client} delete: ${exists ? 'ok' : 'no node'}`);
        break;
      }
      case 'close':
        await close(session!.client);
        sessions.delete(client);
        observations.push(`${client} close`);
        break;
    }
  }
  for (const session of sessions.values()) await close(session.client);
  return { observations, lockCzxid };
}

type HolderMode = 'wait' | 'list' | 'list-after-pause';
/** What the holder prints after its node: getChildren's result or error, and changes of its session's state. */
type Told = { readonly getChildren: string; readonly children?: string[] } | { readonly state: string };

/**
 * Starts a holder in its own process; SIGSTOP freezes it as a stop-the-world pause would. `told(n)` waits for
 * the first n lines it prints after its node.
 */
async function startHolder(port: number, lock: string, timeoutMs: number, mode: HolderMode = 'wait') {
  const script = resolve(import.meta.dirname, 'zk-holder.mjs');
  const child = spawn(process.execPath, [script, String(port), lock, String(timeoutMs), mode], { stdio: 'pipe' });
  const lines: unknown[] = [];
  const waiting: (() => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(JSON.parse(line));
    waiting.splice(0).forEach((wake) => wake());
  });
  const until = (count: number) =>
    new Promise<void>((done, reject) => {
      const check = () => (lines.length >= count ? done() : waiting.push(check));
      child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
      check();
    });
  await until(1);
  const told = async (count: number) => {
    await until(count + 1);
    return lines.slice(1, count + 1) as Told[];
  };
  return { child, told, ...(lines[0] as { path: string; sessionTimeoutMs: number }) };
}

describe('the ZooKeeper model against ZooKeeper 3.8', () => {
  let server: RunningServer;
  let control: ZkConnection;

  beforeAll(async () => {
    server = await startZooKeeper();
    control = await connect(server.port, 10_000);
  }, 60_000);

  afterAll(async () => {
    if (control) await close(control.client);
    await server?.stop();
  });

  it('a paused holder loses its session and its node; the next waiter holds, with a higher czxid', async () => {
    const lock = '/lock-paused-holder';
    await createNode(control.client, lock, CreateMode.PERSISTENT);
    const lockCzxid = zxidOf((await stat(control.client, lock))!.czxid);
    const holder = await startHolder(server.port, lock, 1_000);
    const waiter = await connect(server.port, 4_000);
    const waiterPath = await createNode(waiter.client, `${lock}/lock-`, CreateMode.EPHEMERAL_SEQUENTIAL);
    const before = (await children(control.client, lock)).sort();
    const czxids = {
      holder: zxidOf((await stat(control.client, holder.path))!.czxid),
      waiter: zxidOf((await stat(control.client, waiterPath))!.czxid),
    };
    holder.child.kill('SIGSTOP');
    // The session timeout, plus time for the server's expiry sweep (it runs every tick).
    await new Promise((done) => setTimeout(done, 2_500));
    const after = (await children(control.client, lock)).sort();
    holder.child.kill('SIGKILL');
    await close(waiter.client);

    expect(holder.sessionTimeoutMs).toBe(1_000);
    expect(before).toEqual(['lock-0000000000', 'lock-0000000001']);
    expect(after).toEqual(['lock-0000000001']);
    expect(czxids.waiter).toBeGreaterThan(czxids.holder);

    let zk = openSession(createZooKeeper(lockCzxid), 'holder', 1_000, virtualMs(0), TICK_MS);
    zk = createEphemeralSequential(zk, 'holder').zk;
    zk = openSession(zk, 'waiter', 4_000, virtualMs(0), TICK_MS);
    const waiterNode = createEphemeralSequential(zk, 'waiter');
    zk = waiterNode.zk;
    expect(zk.children.map((node) => node.czxid - lockCzxid)).toEqual([
      czxids.holder - lockCzxid,
      czxids.waiter - lockCzxid,
    ]);
    zk = expireSessions(zk, virtualMs(2_500)).zk;
    expect(zk.children.map((node) => node.name)).toEqual(after);
    expect(zkLockHolder(zk)?.name).toBe('lock-0000000001');
  }, 30_000);

  it('getChildren: a holder lists the children it is compared with; the model lists the same names in order', async () => {
    const lock = '/lock-lists-children';
    await createNode(control.client, lock, CreateMode.PERSISTENT);
    const lockCzxid = zxidOf((await stat(control.client, lock))!.czxid);
    const waiter = await connect(server.port, 4_000);
    await createNode(waiter.client, `${lock}/lock-`, CreateMode.EPHEMERAL_SEQUENTIAL);
    const holder = await startHolder(server.port, lock, 4_000, 'list');
    const told = await holder.told(1);
    holder.child.kill('SIGKILL');
    await close(waiter.client);

    let zk = openSession(createZooKeeper(lockCzxid), 'waiter', 4_000, virtualMs(0), TICK_MS);
    zk = createEphemeralSequential(zk, 'waiter').zk;
    zk = openSession(zk, 'holder', 4_000, virtualMs(0), TICK_MS);
    zk = createEphemeralSequential(zk, 'holder').zk;
    const modelled = getChildren(zk, 'holder', virtualMs(100));
    console.log(`getChildren, not frozen: ZooKeeper ${JSON.stringify(told)}, model ${JSON.stringify(modelled)}`);
    expect(told).toEqual([{ getChildren: 'OK', children: ['lock-0000000000', 'lock-0000000001'] }]);
    expect(modelled).toEqual({ ok: true, names: told[0] && 'children' in told[0] ? told[0].children : null });
    // The holder's own znode is the second: by the recipe's comparison, it does not hold the lock.
    expect(zkLockHolder(zk)?.ephemeralOwner).toBe('waiter');
  }, 30_000);

  it('getChildren after a pause past the session timeout: CONNECTIONLOSS, then SESSIONEXPIRED, in model and server', async () => {
    const lock = '/lock-frozen-acquirer';
    await createNode(control.client, lock, CreateMode.PERSISTENT);
    const lockCzxid = zxidOf((await stat(control.client, lock))!.czxid);
    const holder = await startHolder(server.port, lock, 1_000, 'list-after-pause');
    // Frozen between create and getChildren, for the timeout and the server's expiry sweep (every tick).
    holder.child.kill('SIGSTOP');
    await new Promise((done) => setTimeout(done, 2_500));
    const before = await children(control.client, lock);
    holder.child.kill('SIGCONT');
    const told = await holder.told(3);
    holder.child.kill('SIGKILL');

    let zk = openSession(createZooKeeper(lockCzxid), 'holder', 1_000, virtualMs(0), TICK_MS);
    zk = createEphemeralSequential(zk, 'holder').zk;
    const modelled = getChildren(zk, 'holder', virtualMs(2_500));
    console.log(`getChildren after a pause: ZooKeeper ${JSON.stringify(told)}, model ${JSON.stringify(modelled)}`);
    // The server expired the session, and its node with it, while the holder was frozen.
    expect(before).toEqual([]);
    expect(expireSessions(zk, virtualMs(2_500)).zk.children).toEqual([]);
    // The call fails as the connection is found closed; on reconnecting, the server says the session expired.
    expect(told).toEqual([{ getChildren: 'CONNECTIONLOSS' }, { state: 'DISCONNECTED' }, { state: 'SESSIONEXPIRED' }]);
    const heard = told.flatMap((line) =>
      'getChildren' in line ? [line.getChildren] : line.state === 'SESSIONEXPIRED' ? [line.state] : [],
    );
    expect(modelled).toEqual({ ok: false, errors: heard });
    // Within its timeout, the same holder would have been answered.
    expect(getChildren(zk, 'holder', virtualMs(999))).toEqual({ ok: true, names: ['lock-0000000000'] });
  }, 30_000);

  it('agrees with the model on 40 generated sequences of open, create, delete, close and read', async () => {
    const sequences = fc.sample(fc.array(operation, { minLength: 1, maxLength: 12 }), {
      numRuns: 40,
      seed: 20161208,
    });
    for (const [index, operations] of sequences.entries()) {
      const lock = `/lock-generated-${index}`;
      await createNode(control.client, lock, CreateMode.PERSISTENT);
      const real = await onZooKeeper(server.port, control, operations, lock);
      expect(onModel(operations, real.lockCzxid), JSON.stringify(operations)).toEqual(real.observations);
    }
  }, 120_000);
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Real servers for the conformance suite, each started on a free loopback port in a temporary directory
 * and stopped again, leaving nothing running. Binaries come from Debian's packages (see .ci/run).
 */
export interface RunningServer {
  readonly name: string;
  readonly port: number;
  readonly stop: () => Promise<void>;
}

const HOST = '127.0.0.1';

/** A port nothing listens on right now: the kernel picks it, we let it go and hand it on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Thrown when a server's binary is not installed, with the command that installs it. */
export class ServerMissing extends Error {}

function requireBinary(path: string, debianPackage: string): string {
  if (!existsSync(path)) {
    throw new ServerMissing(
      `${path} is not installed. Install it with: sudo apt-get install -y ${debianPackage} (.ci/run does this).`,
    );
  }
  return path;
}

/** Waits until the server answers; if it never does, stops it and removes its directory before saying why. */
async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  server: { child: ChildProcess; stop: () => Promise<void>; log: () => string },
  dir: string,
) {
  const deadline = Date.now() + 30_000;
  let problem = `${what} did not become ready within 30 s`;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      problem = `${what} exited with code ${server.child.exitCode}`;
      break;
    }
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`${problem}:\n${server.log()}`);
}

/** Sends one line to a TCP port and returns the first reply (Redis PING, ZooKeeper's four-letter words). */
function ask(port: number, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let reply = '';
    socket.setTimeout(1_000, () => socket.destroy(new Error('timeout')));
    socket.once('error', reject);
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.once('close', () => resolve(reply));
    socket.connect(port, HOST, () => socket.end(line));
  });
}

/** Servers still running; if the test process ends without stopping them, they go with it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function launch(name: string, command: string, args: string[], options: { uid?: number; gid?: number } = {}) {
  let output = '';
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, stop, log: () => `${name} said:\n${output}` };
}

function scratchDirectory(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `lockstep-${prefix}-`));
}

export async function startRedis(): Promise<RunningServer> {
  const binary = requireBinary('/usr/bin/redis-server', 'redis-server');
  const port = await freePort();
  const dir = scratchDirectory('redis');
  const server = launch('redis-server', binary, [
    '--port',
    String(port),
    '--bind',
    HOST,
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitFor('redis-server', async () => (await ask(port, 'PING\r\n')).startsWith('+PONG'), server, dir);
  return { name: 'redis', port, stop: () => server.stop().then(() => rmSync(dir, { recursive: true, force: true })) };
}

export async function startEtcd(): Promise<RunningServer> {
  const binary = requireBinary('/usr/bin/etcd', 'etcd-server');
  const [port, peerPort] = [await freePort(), await freePort()];
  const dir = scratchDirectory('etcd');
  const peer = `http://${HOST}:${peerPort}`;
  const server = launch('etcd', binary, [
    '--name',
    'lockstep',
    '--data-dir',
    join(dir, 'data'),
    '--listen-client-urls',
    `http://${HOST}:${port}`,
    '--advertise-client-urls',
    `http://${HOST}:${port}`,
    '--listen-peer-urls',
    peer,
    '--initial-advertise-peer-urls',
    peer,
    '--initial-cluster',
    `lockstep=${peer}`,
  ]);
  await waitFor('etcd', async () => (await fetch(`http://${HOST}:${port}/health`)).ok, server, dir);
  return { name: 'etcd', port, stop: () => server.stop().then(() => rmSync(dir, { recursive: true, force: true })) };
}

/** ZooKeeper with a 500 ms tick, so sessions may be as short as one second (2 ticks) and expire quickly. */
export async function startZooKeeper(): Promise<RunningServer> {
  const jar = requireBinary('/usr/share/java/zookeeper.jar', 'zookeeper');
  const java = requireBinary('/usr/bin/java', 'default-jre-headless');
  const port = await freePort();
  const dir = scratchDirectory('zookeeper');
  const config = join(dir, 'zoo.cfg');
  writeFileSync(
    config,
    [
      'tickTime=500',
      `dataDir=${join(dir, 'data')}`,
      `clientPort=${port}`,
      `clientPortAddress=${HOST}`,
      'admin.enableServer=false',
      '4lw.commands.whitelist=ruok',
      'minSessionTimeout=1000',
      'maxSessionTimeout=10000',
    ].join('\n'),
  );
  const server = launch('zookeeper', java, [
    '-cp',
    `${jar}:/etc/zookeeper/conf`,
    'org.apache.zookeeper.server.ZooKeeperServerMain',
    config,
  ]);
  await waitFor('zookeeper', async () => (await ask(port, 'ruok')) === 'imok', server, dir);
  return {
    name: 'zookeeper',
    port,
    stop: () => server.stop().then(() => rmSync(dir, { recursive: true, force: true })),
  };
}

/**
 * PostgreSQL 15 in a fresh cluster. Postgres refuses to run as root, so as root it runs as the `postgres`
 * user that Debian's package creates.
 */
export async function startPostgres(): Promise<RunningServer & { user: string }> {
  const bin = '/usr/lib/postgresql/15/bin';
  requireBinary(join(bin, 'postgres'), 'postgresql-15');
  const port = await freePort();
  const dir = scratchDirectory('postgres');
  const asUser = userInfo().uid === 0 ? postgresAccount() : {};
  if (asUser.uid !== undefined && asUser.gid !== undefined) {
    chownSync(dir, asUser.uid, asUser.gid);
    chmodSync(dir, 0o700);
  }
  const user = 'lockstep';
  const init = spawnSync(join(bin, 'initdb'), ['-D', join(dir, 'data'), '-A', 'trust', '-U', user, '--no-sync'], {
    ...asUser,
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}`);
  const server = launch(
    'postgres',
    join(bin, 'postgres'),
    ['-D', join(dir, 'data'), '-p', String(port), '-k', dir, '-c', `listen_addresses=${HOST}`, '-c', 'fsync=off'],
    asUser,
  );
  await waitFor(
    'postgres',
    async () => {
      const client = new pg.Client({ host: HOST, port, user, database: 'postgres' });
      await client.connect();
      await client.end();
      return true;
    },
    server,
    dir,
  );
  return {
    name: 'postgres',
    port,
    user,
    stop: () => server.stop().then(() => rmSync(dir, { recursive: true, force: true })),
  };
}

function postgresAccount(): { uid?: number; gid?: number } {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) {
    throw new ServerMissing(
      'Running as root, Postgres needs the "postgres" user: sudo apt-get install -y postgresql-15',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

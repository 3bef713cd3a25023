import zookeeper, { type Client, type Stat } from 'node-zookeeper-client';

/** node-zookeeper-client's callbacks as promises, for the few calls the lock recipe needs. */
export interface ZkConnection {
  readonly client: Client;
  readonly sessionTimeoutMs: number;
}

export const zxidOf = (buffer: Buffer) => Number(buffer.readBigInt64BE());

export function connect(port: number, sessionTimeoutMs: number): Promise<ZkConnection> {
  return new Promise((resolve, reject) => {
    const client = zookeeper.createClient(`127.0.0.1:${port}`, { sessionTimeout: sessionTimeoutMs, retries: 0 });
    const timer = setTimeout(() => reject(new Error('ZooKeeper did not answer within 10 s')), 10_000);
    client.once('connected', () => {
      clearTimeout(timer);
      resolve({ client, sessionTimeoutMs: client.getSessionTimeout() });
    });
    client.connect();
  });
}

/** Closes the session and waits until the server has ended it (its ephemeral nodes are gone by then). */
export function close(client: Client): Promise<void> {
  return new Promise((resolve) => {
    client.once('disconnected', () => resolve());
    client.close();
  });
}

function call<T>(run: (callback: (error: unknown, result: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((error, result) => (error ? reject(error) : resolve(result))));
}

export const createNode = (client: Client, path: string, mode: number) =>
  call<string>((callback) => client.create(path, Buffer.alloc(0), mode, callback));

export const stat = (client: Client, path: string) =>
  call<Stat | null>((callback) => client.exists(path, (error, result) => callback(error, result ?? null)));

export const children = (client: Client, path: string) =>
  call<string[]>((callback) => client.getChildren(path, callback));

export const removeNode = (client: Client, path: string) =>
  call<null>((callback) => client.remove(path, -1, (error) => callback(error, null)));

export const { CreateMode } = zookeeper;

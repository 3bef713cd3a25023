/**
 * The few calls the lock needs, through etcd's JSON gateway (the v3 gRPC API as JSON over HTTP): keys and
 * values travel base64-encoded, 64-bit numbers as decimal strings.
 */
export interface EtcdHeader {
  readonly revision: string;
}

const encode = (text: string) => Buffer.from(text).toString('base64');
const decode = (base64: string) => Buffer.from(base64, 'base64').toString();

export class EtcdClient {
  constructor(private readonly endpoint: string) {}

  private async call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.endpoint}/v3/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`etcd ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async revision(): Promise<number> {
    const reply = await this.call<{ header: EtcdHeader }>('kv/range', { key: encode('\0') });
    return Number(reply.header.revision);
  }

  /** LeaseGrant; etcd may raise the TTL to its minimum, and says so in the reply. */
  async grantLease(ttlSeconds: number): Promise<{ id: string; ttlSeconds: number }> {
    const reply = await this.call<{ ID: string; TTL: string }>('lease/grant', { TTL: ttlSeconds });
    return { id: reply.ID, ttlSeconds: Number(reply.TTL) };
  }

  /** One LeaseKeepAlive; false when the lease has already expired. */
  async keepAlive(id: string): Promise<boolean> {
    const reply = await this.call<{ result: { TTL?: string } }>('lease/keepalive', { ID: id });
    return Number(reply.result.TTL ?? 0) > 0;
  }

  /** Whether etcd still has the lease, asked without renewing it. */
  async keepAliveProbe(id: string): Promise<boolean> {
    const reply = await this.call<{ TTL: string }>('lease/timetolive', { ID: id });
    return Number(reply.TTL) > 0;
  }

  async revoke(id: string): Promise<void> {
    await this.call('lease/revoke', { ID: id });
  }

  /**
   * The lock client's transaction (client/v3/concurrency/mutex.go): create `prefix/<lease id in hex>` with the
   * lease if it does not exist; then the owner is the key under the prefix with the lowest create revision.
   */
  async lock(prefix: string, leaseId: string): Promise<{ key: string; createRevision: number; owner: string | null }> {
    const key = `${prefix}/${BigInt(leaseId).toString(16)}`;
    await this.call('kv/txn', {
      compare: [{ key: encode(key), target: 'CREATE', result: 'EQUAL', create_revision: '0' }],
      success: [{ request_put: { key: encode(key), value: '', lease: leaseId } }],
      failure: [{ request_range: { key: encode(key) } }],
    });
    const own = await this.call<{ kvs?: { create_revision: string }[] }>('kv/range', { key: encode(key) });
    return { key, createRevision: Number(own.kvs?.[0]?.create_revision ?? 0), owner: await this.owner(prefix) };
  }

  async owner(prefix: string): Promise<string | null> {
    const first = await this.call<{ kvs?: { key: string }[] }>('kv/range', {
      key: encode(`${prefix}/`),
      range_end: encode(`${prefix}0`),
      sort_target: 'CREATE',
      sort_order: 'ASCEND',
      limit: 1,
    });
    return first.kvs?.[0] ? decode(first.kvs[0].key) : null;
  }

  async unlock(key: string): Promise<number> {
    const reply = await this.call<{ deleted?: string }>('kv/deleterange', { key: encode(key) });
    return Number(reply.deleted ?? 0);
  }
}

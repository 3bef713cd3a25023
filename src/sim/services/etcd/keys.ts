/** A key as etcd stores it: what the lab's etcd panel shows, kept apart from the model. */
export interface EtcdKey {
  readonly createRevision: number;
  readonly modRevision: number;
  readonly version: number;
  readonly lease: string;
}

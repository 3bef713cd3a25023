import type { z } from 'zod';
import type { LockServiceDescriptor } from '../descriptor.ts';
import { REDLOCK_NODES } from './nodes.ts';

const configSchema = (zod: typeof z) => {
  const node = zod.enum(REDLOCK_NODES);
  const clock = zod
    .object({
      offsetMs: zod.number().int(),
      driftRate: zod.number().min(-0.5).max(0.5),
      jumps: zod.array(zod.object({ atMs: zod.number().int().min(0), byMs: zod.number().int() }).strict()).readonly(),
    })
    .strict();
  return zod
    .object({
      kind: zod.literal('redlock'),
      clocks: zod.partialRecord(node, clock).optional(),
      perNodeMs: zod.number().int().min(0).optional(),
      /** Nodes a renewer cannot reach, by renewer id (a partition). */
      unreachable: zod.record(zod.string(), zod.array(node).readonly()).optional(),
    })
    .strict();
};

export type RedlockLockConfig = z.infer<ReturnType<typeof configSchema>>;

/** Kleppmann's partition: A cannot reach R4 and R5, B cannot reach R1 and R2. */
const PARTITION = { A: ['R4', 'R5'], B: ['R1', 'R2'] } as const;

/** Redlock over five Redis masters: a majority of keys, a validity the client computes, and no token. */
export const REDLOCK_LOCK = {
  kind: 'redlock',
  issuesTokens: false,
  labFields: ['clockJumpMs', 'clockDriftPct', 'partition'],
  configSchema,
  fromLab(lab): RedlockLockConfig {
    // The lab's clock faults are node R3's: a jump one second in, and a drift.
    const jumps = lab.clockJumpMs > 0 ? [{ atMs: 1_000, byMs: lab.clockJumpMs }] : [];
    const clocked = lab.clockJumpMs > 0 || lab.clockDriftPct !== 0;
    return {
      kind: 'redlock',
      ...(clocked && { clocks: { R3: { offsetMs: 0, driftRate: lab.clockDriftPct / 100, jumps } } }),
      ...(lab.partition && { unreachable: PARTITION }),
    };
  },
  modelCheck: { by: 'notChecked' },
  captions: {
    scenarioStarted: 'scenarioStarted',
    acquireRequested: 'acquireRequestedRedlock',
    acquireRequestedTtlChanged: null,
    leaseGranted: 'leaseGrantedRedlock',
    // Its client subtracts the whole time acquiring took, a wait included: a grant read too late is discarded.
    lateGrant: { expired: null, waited: 'leaseGrantedWaitedRedlock' },
    leaseRefused: 'leaseRefusedRedlock',
    leaseRefusedNoHolder: 'leaseRefusedRedlockNoHolder',
    releaseRequested: 'releaseRequestedRedlock',
    leaseReleased: 'leaseReleasedRedlock',
    releaseRefusedNotHolder: 'releaseRefusedRedlock',
    releaseRefusedNoLease: 'releaseRefusedRedlock',
    leaseExpired: 'leaseExpiredRedlock',
    leaseExpiredUnread: 'leaseExpiredRedlockUnread',
    leaseExpiredUnreadHeldBack: null,
    leaseExpiredRunning: null,
    holdCheck: null,
  },
} as const satisfies LockServiceDescriptor<'redlock', RedlockLockConfig>;

import type { Happening } from '../happenings.ts';
import type { ResourceModel, World, WriteRecord } from '../world.ts';

/**
 * Snip's weekly report, the efficiency case: a second holder means a second email, not corrupted data.
 * With an idempotency key, the sender first claims `(owner, week)` in `sent_reports`, unique on both, with
 * `INSERT … ON CONFLICT DO NOTHING`; a claim that inserts nothing means the report already went.
 */
export const weeklyEmailModel: ResourceModel = {
  // A claim that inserts nothing means the report went already: the work is done, the lock is not known lost.
  zeroMeansLost: false,
  answerIsAStep: false,
  // The worker reads the mail log: a report already sent to this owner this week is not sent again by a worker
  // that sees it. A worker that checked before another's send landed cannot see it; the claim catches that one.
  workDue: (world) => ({ due: world.emailsSent.length === 0, current: null }),
  receive(world, write, { scenario, idempotencyKey }) {
    const resource = scenario.resource?.kind === 'email' ? scenario.resource : { owner: '', week: '' };
    const alreadyClaimed =
      idempotencyKey &&
      world.reportClaims.some((claim) => claim.owner === resource.owner && claim.week === resource.week);
    const sent = !alreadyClaimed;
    const record: WriteRecord = {
      renewer: write.from,
      fencingToken: write.fencingToken,
      grantOrder: write.grantOrder,
      cert: write.cert,
      rowsChanged: sent ? 1 : 0,
    };
    const next: World = {
      ...world,
      writes: [...world.writes, record],
      emailsSent: sent
        ? [...world.emailsSent, { renewer: write.from, grantOrder: write.grantOrder }]
        : world.emailsSent,
      reportClaims:
        idempotencyKey && sent
          ? [...world.reportClaims, { owner: resource.owner, week: resource.week }]
          : world.reportClaims,
    };
    const claim = !idempotencyKey ? 'none' : alreadyClaimed ? 'alreadyClaimed' : 'claimed';
    const happening: Happening = { kind: 'emailRequested', renewer: write.from, claim, sent };
    const answer = { rowsChanged: record.rowsChanged, previousFence: null, overwroteNewer: false };
    return { world: next, answer, happening };
  },
  judge: (world) => ({ kind: 'emailsSent', count: world.emailsSent.length, row: null }),
};

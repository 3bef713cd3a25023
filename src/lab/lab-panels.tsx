import lab from 'virtual:lockstep/lab';
import { fillTemplate } from '@/content/fill-template';
import { nodeTime } from '@/sim/services/redlock';
import type { Frame } from '@/sim/run';
import { formatTime } from '@/story/format';

/** The efficiency case's resource: the emails that went out, and the claims table when there is one. */
export function MailSenderPanel({ frame, idempotencyKey }: { frame: Frame; idempotencyKey: boolean }) {
  const { emailsSent, reportClaims, renewers } = frame.world;
  const nameOf = (id: string) => renewers.find((renewer) => renewer.id === id)?.name ?? id;
  return (
    <section className="panel" aria-labelledby="mail-sender">
      <h3 id="mail-sender">Mail sender</h3>
      <p>
        <strong>{fillTemplate(lab.page.emailsSent, { count: String(emailsSent.length) })}</strong>
        {emailsSent.length > 0 && ` (by ${emailsSent.map((email) => nameOf(email.renewer)).join(', then ')})`}
      </p>
      {idempotencyKey && (
        <table>
          <caption>sent_reports, unique (owner_id, week)</caption>
          <thead>
            <tr>
              <th scope="col">owner_id</th>
              <th scope="col">week</th>
            </tr>
          </thead>
          <tbody>
            {reportClaims.length === 0 ? (
              <tr>
                <td colSpan={2}>no rows</td>
              </tr>
            ) : (
              reportClaims.map((claim) => (
                <tr key={`${claim.owner}/${claim.week}`}>
                  <td>{claim.owner}</td>
                  <td>{claim.week}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Every lock key etcd has held so far: the lease id in its name is random, the create revision only rises.
 * Side by side they show why the revision, not the lease id, is the token.
 */
export function EtcdKeys({ frames }: { frames: readonly Frame[] }) {
  const seen = new Map<string, number>();
  for (const frame of frames) {
    const view = frame.world.lock.view();
    const keys = view.kind === 'etcd' ? view.keys : {};
    for (const [name, key] of Object.entries(keys)) seen.set(name, key.createRevision);
  }
  if (frames[0]?.world.lock.kind !== 'etcd') return null;
  return (
    <section className="panel" aria-labelledby="etcd-keys">
      <h3 id="etcd-keys">etcd lock keys so far</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">key (lease id)</th>
            <th scope="col">create revision</th>
          </tr>
        </thead>
        <tbody>
          {[...seen].map(([name, createRevision]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{createRevision}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="aside">{lab.page.etcdAside}</p>
    </section>
  );
}

/** Redlock's five nodes at this step: each one's own clock, and whose key it holds. */
export function RedlockNodes({ frame }: { frame: Frame }) {
  const view = frame.world.lock.view();
  const nodes = view.kind === 'redlock' ? view.nodes : null;
  if (!nodes) return null;
  return (
    <section className="panel" aria-labelledby="redlock-nodes">
      <h3 id="redlock-nodes">Redlock nodes</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">node</th>
            <th scope="col">its clock</th>
            <th scope="col">key held for</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((node) => {
            const clock = nodeTime(node.clock, frame.at);
            const key = node.keys.lock;
            const live = key && clock < key.expiresAtNodeMs;
            const holder = live ? frame.world.renewers.find((renewer) => renewer.leaseValue === key.value)?.name : null;
            return (
              <tr key={node.id}>
                <td>{node.id}</td>
                <td>{formatTime(clock)}</td>
                <td>{live ? `${holder ?? key.value} until ${formatTime(key.expiresAtNodeMs)}` : 'free'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

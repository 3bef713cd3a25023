import lab from 'virtual:lockstep/lab';
import { fillTemplate } from '@/content/fill-template';
import type { Frame } from '@/sim/run';
import { formatTime } from '@/story/format';
import { quorumNodeLines } from './quorum-node-lines';

const words = lab.panels;

/** The efficiency case's resource: the emails that went out, and the claims table when there is one. */
export function MailSenderPanel({ frame, idempotencyKey }: { frame: Frame; idempotencyKey: boolean }) {
  const { emailsSent, reportClaims, renewers } = frame.world;
  const nameOf = (id: string) => renewers.find((renewer) => renewer.id === id)?.name ?? id;
  return (
    <section className="panel" aria-labelledby="mail-sender">
      <h3 id="mail-sender">{words.mailSender}</h3>
      <p>
        <strong>{fillTemplate(lab.page.emailsSent, { count: String(emailsSent.length) })}</strong>
        {emailsSent.length > 0 &&
          fillTemplate(words.sentBy, { senders: emailsSent.map((email) => nameOf(email.renewer)).join(words.then) })}
      </p>
      {idempotencyKey && (
        <table>
          <caption>{words.claimsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{words.owner}</th>
              <th scope="col">{words.week}</th>
            </tr>
          </thead>
          <tbody>
            {reportClaims.length === 0 ? (
              <tr>
                <td colSpan={2}>{words.noRows}</td>
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
 * Every lock key a store with revisions (etcd) has held so far: the lease id in its name is random, the create
 * revision only rises. Side by side they show why the revision, not the lease id, is the token. Each says whether
 * the store still has it.
 */
export function KeyRevisions({ frames }: { frames: readonly Frame[] }) {
  const keysAt = (frame: Frame | undefined) => {
    const view = frame?.world.lock.view();
    return view?.kind === 'revisions' ? view.keys : {};
  };
  const seen = new Map<string, number>();
  for (const frame of frames) {
    for (const [name, key] of Object.entries(keysAt(frame))) seen.set(name, key.createRevision);
  }
  const now = keysAt(frames.at(-1));
  if (frames[0]?.world.lock.view().kind !== 'revisions') return null;
  return (
    <section className="panel" aria-labelledby="etcd-keys">
      <h3 id="etcd-keys">{words.etcdKeys}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{words.etcdKey}</th>
            <th scope="col">{words.createRevision}</th>
            <th scope="col">{words.etcdKeyNow}</th>
          </tr>
        </thead>
        <tbody>
          {[...seen].map(([name, createRevision]) => (
            <tr key={name}>
              <td>
                <code>{name}</code>
              </td>
              <td>{createRevision}</td>
              <td>{name in now ? words.etcdKeyKept : words.etcdKeyDeleted}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="aside">{lab.page.etcdAside}</p>
    </section>
  );
}

/** The nodes of a lock held on a quorum (Redlock's five) at this step: each one's own clock, and whose key it holds. */
export function QuorumNodes({ frame }: { frame: Frame }) {
  const lines = quorumNodeLines(frame);
  if (!lines) return null;
  return (
    <section className="panel" aria-labelledby="redlock-nodes">
      <h3 id="redlock-nodes">{words.redlockNodes}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">{words.node}</th>
            <th scope="col">{words.nodeClock}</th>
            <th scope="col">{words.keyHeldFor}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.node}>
              <td>{line.node}</td>
              <td>{formatTime(line.clock)}</td>
              <td>
                {line.said === 'heldUntil'
                  ? fillTemplate(words.heldUntil, { holder: line.holder ?? '', time: formatTime(line.until ?? 0) })
                  : words.free}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

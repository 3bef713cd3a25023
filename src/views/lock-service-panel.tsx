import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import { Fragment } from 'react';
import { selectFrame, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTime } from '@/story/format';

/** What the lock service holds at this step, measured against the virtual clock. */
export function LockServicePanel() {
  const frame = useWalkthrough(selectFrame);
  const timeline = useWalkthrough(selectTimeline);
  const { lock } = frame.world;
  const lease = lock.truth(frame.at);
  const view = lock.view();
  // Only the lesson's own service keeps a plain counter to show.
  const nextToken = view.kind === 'counter' ? view.nextToken : null;
  const nameOf = (id: string) => timeline.scenario.renewers.find((renewer) => renewer.id === id)?.name ?? id;
  const ttl = timeline.scenario.leaseTtlMs;
  const remaining = lease?.expiresAt != null ? lease.expiresAt - frame.at : 0;

  return (
    <section className="panel" aria-labelledby="lock-service-heading">
      <h3 id="lock-service-heading">{content.controls.lockService.heading}</h3>
      <dl className="facts">
        <dt>{content.controls.lockService.key}</dt>
        <dd>
          <code className="lock-key">{breakableKey(timeline.scenario.lockKey)}</code>
        </dd>
        <dt>{content.controls.lockService.clock}</dt>
        <dd>{formatTime(frame.at)}</dd>
        <dt>{content.controls.lockService.holder}</dt>
        <dd className={lease ? 'held' : 'free'}>
          {lease
            ? lease.token === null
              ? fillTemplate(content.controls.lockService.holderNoToken, { holder: nameOf(lease.holder) })
              : fillTemplate(content.controls.lockService.holderToken, {
                  holder: nameOf(lease.holder),
                  token: String(lease.token),
                })
            : content.controls.lockService.free}
        </dd>
        <dt>{content.controls.lockService.lease}</dt>
        <dd>
          {lease?.expiresAt != null
            ? fillTemplate(content.controls.lockService.expires, {
                time: formatTime(lease.expiresAt),
                left: formatTime(remaining),
              })
            : content.controls.lockService.none}
        </dd>
        {nextToken !== null && (
          <>
            <dt>{content.controls.lockService.nextToken}</dt>
            <dd>{nextToken}</dd>
          </>
        )}
      </dl>
      {/* SVG geometry, not a style attribute: the prerendered page's CSP refuses those. */}
      <svg className="lease-bar" aria-hidden="true" width="100%" height="6">
        <rect className="lease-bar-fill" width={`${Math.round((remaining / ttl) * 100)}%`} height="6" />
      </svg>
    </section>
  );
}

/** A lock key may wrap after a colon or before a dot, never inside a name (`lock:cert:` / `go.shop` / `.example`). */
function breakableKey(key: string) {
  return key.split(/(?<=:)|(?=\.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

import content from 'virtual:lockstep/content';
import { CodeText } from '@/components/code-text';
import { findRow, type CertificateRow } from '@/sim/certificates-table';
import { useId } from 'react';
import { issuesTokens } from '@/sim/services/lock-services';
import { judgeOutcome } from '@/sim/resources/certificate-row';
import type { Timeline } from '@/sim/run';
import type { FencingToken } from '@/sim/types';
import { lockConfigOf } from '@/sim/world';
import { fillTemplate } from '@/content/fill-template';
import { describeCertificate } from './narrate';
import { certificatesPanelSentences } from './panel-sentences';
import { known } from '@/sim/known';

const TABLE = content.panels.table;

type Column = 'domain' | 'cert' | 'fence';

/** The certificates table at a step of a timeline, with the cells that step changed marked. */
export function CertificatesPanelView({
  timeline,
  cursor,
  regionLabel,
}: {
  timeline: Timeline;
  cursor: number;
  /** Names the panel apart from others like it on the page (side by side). */
  regionLabel?: string;
}) {
  const headingId = useId();
  // A cursor outside the run reads as its first step, in the table and the fence's track alike.
  const step = cursor >= 0 && cursor < timeline.frames.length ? cursor : 0;
  const frame = known(timeline.frames[step]);
  const previous = timeline.frames[step - 1] ?? null;
  const tokens = issuesTokens(lockConfigOf(timeline.scenario).kind);
  const { domain } = timeline.scenario;
  const before = previous ? findRow(previous.world.table, domain) : null;
  const outcome = judgeOutcome(frame.world, domain);
  const said = certificatesPanelSentences(timeline, step);
  const lastWrite = frame.world.writes.at(-1);
  const writeAtThisStep = frame.happening.kind === 'writeRequested' ? frame.happening : null;
  // Each value the row's fence has taken so far, in order: 32 → 34, then 33 if a stale write lands.
  const fenceTrack = timeline.frames
    .slice(0, step + 1)
    .map((step) => findRow(step.world.table, domain)?.fence)
    .filter((fence, index, all): fence is FencingToken => fence !== undefined && fence !== all[index - 1]);
  const changed = (row: CertificateRow, column: Column) =>
    before !== null && before.domain === row.domain && JSON.stringify(before[column]) !== JSON.stringify(row[column]);

  return (
    <section className="panel" {...(regionLabel ? { 'aria-label': regionLabel } : { 'aria-labelledby': headingId })}>
      <h3 id={headingId}>{content.controls.table.heading}</h3>
      <table aria-labelledby={headingId}>
        <thead>
          <tr>
            {(['domain', 'cert', 'fence'] as const).map((column) => (
              <th key={column} scope="col">
                {content.controls.table[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {frame.world.table.rows.map((row) => (
            <tr key={row.domain}>
              {(['domain', 'cert', 'fence'] as const).map((column) => (
                <td key={column} className={changed(row, column) ? 'changed' : undefined}>
                  {column === 'cert' ? describeCertificate(row.cert) : String(row[column])}
                  {changed(row, column) && <span className="visually-hidden">{content.controls.table.changed}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {tokens && fenceTrack.length > 0 && (
        <p className="fence-track">{fillTemplate(TABLE.fenceTrack, { track: fenceTrack.join(' → ') })}</p>
      )}
      <p className="statement-label">{content.controls.table[said.statement]}</p>
      <pre className="sql">
        <code>{content.captions.sql[said.statement]}</code>
      </pre>
      {said.statement === 'fenced' && (
        <p className="aside">
          <CodeText text={content.captions.sql.whyLessOrEqual} />
        </p>
      )}
      {lastWrite && (
        <p className={`write-result${writeAtThisStep ? ' fresh' : ''}`}>
          {fillTemplate(TABLE.lastWrite, {
            token:
              lastWrite.fencingToken === null
                ? TABLE.noToken
                : fillTemplate(TABLE.withToken, { token: String(lastWrite.fencingToken) }),
            certificate: describeCertificate(lastWrite.cert),
          })}{' '}
          <strong>UPDATE {lastWrite.rowsChanged}</strong>
          {said.lastWrite === 'rejected' ? TABLE.rejected : ''}
        </p>
      )}
      {said.stale && outcome.kind === 'staleOverwrote' && (
        <p className="stale-warning">
          <strong>{said.stale.endsWith('IssuedLater') ? TABLE.staleWriteTitle : TABLE.staleTitle}</strong>{' '}
          {fillTemplate(TABLE[said.stale], {
            certificate: describeCertificate(outcome.row.cert),
            token: String(outcome.staleToken),
            replacedToken: String(outcome.replacedToken),
          })}
        </p>
      )}
    </section>
  );
}

import lab from 'virtual:lockstep/lab';
import { fieldProblemMessage } from '@/content/field-problem-message';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { CodeText } from '@/components/code-text';
import { CopyButton } from '@/components/copy-button';
import { iframeSnippet, labEmbedUrl, labPageUrl } from '@/route/share-links';
import { ShortcutSettings } from '@/shortcuts/shortcut-settings';
import { useShortcuts } from '@/shortcuts/use-shortcuts';
import { nodeTime } from '@/sim/services/redlock';
import type { Frame } from '@/sim/run';
import { CertificatesPanelView } from '@/story/certificates-panel-view';
import { formatTime } from '@/story/format';
import { fillTemplate } from '@/content/fill-template';
import { narrationsFor } from '@/story/timeline-narrations';
import { RenewersPanelView } from '@/story/renewers-panel-view';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import {
  clampField,
  LAB_FIELDS,
  LAB_SERVICES,
  presetConfig,
  fieldApplies,
  STORAGE_FOR,
  storageApplies,
  type FieldProblem,
  type LabConfig,
} from '@/settings/lab-config';
import { labNarration } from './lab-narration';
import { createLabActions, createLabStore, selectLabTimeline } from './lab-store';
import { RunStepper } from './run-stepper';
import { reasonFor, verdictOf, type Verdict } from './verdict';
import screen from '@/components/embed-screen.module.css';
import styles from './lab.module.css';
import { verdictClass } from './verdict-style';

/** One step of a lab run as the page around an embed learns of it. */
export interface LabStepReport {
  readonly step: number;
  readonly of: number;
  readonly service: LabConfig['service'];
  readonly verdict: Verdict['kind'];
}

/**
 * The lock lab: change the what-ifs, and the simulation runs again and is stepped through like the walkthrough.
 * Embedded (embed.html?widget=lab), it keeps its settings in the frame's URL and links out to the full page.
 */
export default function LabPage({
  initial,
  initialProblems,
  onChange,
  embedded = false,
  showPresets = true,
  compact = false,
  onStep,
}: {
  initial: LabConfig;
  initialProblems: readonly FieldProblem[];
  /** The shell keeps the address bar in step with the settings. */
  onChange: (config: LabConfig) => void;
  embedded?: boolean;
  /** A course author's embed may leave the presets out (`presets=off`) and keep to the settings it links. */
  showPresets?: boolean;
  /** An embed's one fixed-height screen: the diagram and the panels scroll within themselves. */
  compact?: boolean;
  /** Told of every step shown (an embed reports it to the page around it), with the run's verdict. */
  onStep?: (report: LabStepReport) => void;
}) {
  const [store] = useState(() => createLabStore(initial, initialProblems));
  const actions = useMemo(() => createLabActions(store), [store]);
  const { config, problems } = useStore(store);
  const timeline = useStore(store, selectLabTimeline);
  const step = Math.min(
    useStore(store, (state) => state.cursor),
    timeline.frames.length - 1,
  );
  const frame = timeline.frames[step]!;
  const verdict = verdictOf(timeline);
  const caption = narrationsFor(timeline, labNarration)[step]?.caption ?? '';
  useEffect(() => onChange(config), [config, onChange]);
  useEffect(
    () => onStep?.({ step: step + 1, of: timeline.frames.length, service: config.service, verdict: verdict.kind }),
    [step, timeline, config.service, verdict.kind, onStep],
  );

  const Root = embedded ? 'div' : 'main';
  const fullPage = labPageUrl(window.location.href, config);
  const change = actions.change;
  const problemFor = (field: keyof LabConfig) => {
    const problem = problems.find((candidate) => candidate.field === field);
    return problem && fieldProblemMessage(problem, lab.fields);
  };
  // Numbers and storage show their problem beside the field; the rest (a bad service, say) above the form.
  const otherProblems = problems.filter((problem) => !(problem.field in LAB_FIELDS) && problem.field !== 'storage');
  const storageId = useId();
  // "Checks tokens" is greyed out under Redis and Redlock; say why beside it.
  const storageNote =
    problemFor('storage') ??
    (STORAGE_FOR[config.resource].every((storage) => storageApplies(storage, config.service))
      ? null
      : lab.fields.problems.tokenless);
  // The walkthrough's keys, while focus is in the run: ←/→ step, Home/End jump.
  const run = useRef<HTMLElement>(null);
  useShortcuts(
    'reading',
    { back: actions.back, next: actions.next, first: actions.goToFirst, last: actions.goToLast },
    { scope: run },
  );

  const settings = (
    <>
      {showPresets && (
        <section aria-labelledby="presets-heading">
          <h2 id="presets-heading">Presets</h2>
          <ul className={styles.presets}>
            {lab.presets.map((preset) => (
              <li key={preset.id}>
                <button type="button" onClick={() => change(presetConfig(preset.config))}>
                  {preset.title}
                </button>
                <span className={styles.presetDescription}>{preset.description}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className={styles.controls} aria-label="What if" onSubmit={(event) => event.preventDefault()}>
        <label>
          Lock service
          <select
            value={config.service}
            onChange={(event) => change({ ...config, service: event.target.value as LabConfig['service'] })}
          >
            {LAB_SERVICES.map((service) => (
              <option key={service} value={service}>
                {lab.services[service]}
              </option>
            ))}
          </select>
        </label>
        <label>
          The lock guards
          <select
            value={config.resource}
            onChange={(event) => {
              const resource = event.target.value as LabConfig['resource'];
              change({ ...config, resource, storage: STORAGE_FOR[resource][0]! });
            }}
          >
            {(['certificate', 'email'] as const).map((resource) => (
              <option key={resource} value={resource}>
                {lab.resources[resource]}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.selectField}>
          <label htmlFor={storageId}>Storage</label>
          <select
            id={storageId}
            value={config.storage}
            aria-describedby={storageNote ? `${storageId}-note` : undefined}
            onChange={(event) => change({ ...config, storage: event.target.value as LabConfig['storage'] })}
          >
            {STORAGE_FOR[config.resource].map((storage) => (
              <option key={storage} value={storage} disabled={!storageApplies(storage, config.service)}>
                {lab.storage[storage]}
              </option>
            ))}
          </select>
          {storageNote && (
            <span id={`${storageId}-note`} className={styles.fieldNote}>
              {storageNote}
            </span>
          )}
        </div>
        <label>
          A&apos;s pause comes
          <select
            value={config.pauseWhen}
            onChange={(event) => change({ ...config, pauseWhen: event.target.value as LabConfig['pauseWhen'] })}
          >
            {(['afterAcquiring', 'whileAcquiring'] as const).map((moment) => (
              <option key={moment} value={moment}>
                {lab.pauseMoments[moment]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Renewers
          <select
            value={config.renewers}
            onChange={(event) => change({ ...config, renewers: Number(event.target.value) as 2 | 3 })}
          >
            <option value={2}>2</option>
            <option value={3}>3</option>
          </select>
        </label>
        {(Object.keys(LAB_FIELDS) as (keyof typeof LAB_FIELDS)[]).map((field) => (
          <NumberField
            // A new value from a preset or a clamp starts the field afresh.
            key={`${field}-${config[field]}`}
            label={`${LAB_FIELDS[field].label} (${LAB_FIELDS[field].unit})`}
            value={config[field]}
            problem={problemFor(field)}
            // A pause while the replies are in flight starts with A's first request, not at a set time.
            disabled={!fieldApplies(field, config)}
            onCommit={(raw) => {
              const result = clampField(field, raw);
              const others = problems.filter((problem) => problem.field !== field);
              change({ ...config, [field]: result.value }, result.problem ? [...others, result.problem] : others);
            }}
          />
        ))}
      </form>
    </>
  );

  const runSection = (
    <section className={styles.run} aria-labelledby="run-heading" ref={run} tabIndex={-1}>
      <h2 id="run-heading">What happens</h2>
      <RunStepper label="Step through the lab run" step={step} count={timeline.frames.length} actions={actions} />
      <p className="caption" aria-live="polite">
        <span className="caption-time">{formatTime(frame.at)}</span>{' '}
        <span>
          <CodeText text={caption} />
        </span>
      </p>
      <div className="stage">
        <SequenceDiagramView timeline={timeline} cursor={step} title="Lock lab" scrollWithin={compact} />
        <div
          className="panels"
          {...(compact ? { tabIndex: 0, role: 'group', 'aria-label': 'What each part holds, scrolls' } : {})}
        >
          <RedlockNodes frame={frame} />
          <EtcdKeys frames={timeline.frames.slice(0, step + 1)} />
          {config.resource === 'email' ? (
            <MailSenderPanel frame={frame} idempotencyKey={config.storage === 'idempotencyKey'} />
          ) : (
            <CertificatesPanelView timeline={timeline} cursor={step} />
          )}
          <RenewersPanelView frame={frame} timeline={timeline} />
        </div>
      </div>
      <p className={verdictClass(verdict.kind)} role="status">
        <strong>Verdict: {lab.verdicts[verdict.kind]}.</strong>{' '}
        {verdict.kind === 'staleWriteLanded' &&
          `${fillTemplate(verdict.token === null ? lab.staleWrite.noToken : lab.staleWrite.withToken, {
            writer: timeline.scenario.renewers.find((renewer) => renewer.id === verdict.writer)?.name ?? verdict.writer,
            token: String(verdict.token),
          })} `}
        {verdict.kind === 'duplicateWork' &&
          `${fillTemplate(lab.counts[config.resource === 'email' ? 'emails' : 'writes'], { count: String(verdict.writes) })} `}
        {fillTemplate(lab.reasons[reasonFor(verdict, config)], {
          events: verdict.kind === 'cutOff' ? verdict.events.toLocaleString('en') : '',
        })}
      </p>
    </section>
  );

  return (
    // Inside the embed's own <main>, a second one would be a nested landmark.
    <Root className={compact ? `${styles.lab} ${screen.screen} ${styles.compact}` : styles.lab} id="lab">
      <h1>Lock lab</h1>
      <p>
        {!compact && `${lab.page.intro} `}
        {embedded ? (
          <a href={fullPage} target="_blank" rel="noopener">
            Open this run in Lockstep
          </a>
        ) : (
          <a href="./">Back to the lesson</a>
        )}
      </p>
      {!embedded && (
        <div className={styles.share}>
          <CopyButton label="Copy link to this run" text={fullPage} what="link" />
          <CopyButton
            label="Copy embed code"
            text={iframeSnippet(labEmbedUrl(window.location.href, config), 'Lockstep lock lab', 1100)}
            what="embed code"
          />
          <ShortcutSettings contexts={['reading']} />
        </div>
      )}
      {otherProblems.length > 0 && (
        <ul className={styles.notices} aria-label="Settings the link could not use">
          {otherProblems.map((problem) => (
            <li key={problem.field}>{fieldProblemMessage(problem, lab.fields)}</li>
          ))}
        </ul>
      )}
      {embedded ? (
        // A course column opens on the run; the settings wait in a sheet below it.
        <>
          {runSection}
          <details className={styles.settingsSheet}>
            <summary>Settings</summary>
            {settings}
          </details>
        </>
      ) : (
        <>
          {settings}
          {runSection}
        </>
      )}
    </Root>
  );
}

/** The efficiency case's resource: the emails that went out, and the claims table when there is one. */
function MailSenderPanel({ frame, idempotencyKey }: { frame: Frame; idempotencyKey: boolean }) {
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

function NumberField({
  label,
  value,
  problem,
  disabled,
  onCommit,
}: {
  label: string;
  value: number;
  problem: string | undefined;
  disabled: boolean;
  onCommit: (raw: string) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  const id = useId();
  return (
    <div className={styles.numberField}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        value={draft}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => onCommit(draft)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onCommit(draft);
        }}
      />
      {problem && (
        <span id={`${id}-problem`} className={styles.fieldProblem}>
          {problem}
        </span>
      )}
    </div>
  );
}

/**
 * Every lock key etcd has held so far: the lease id in its name is random, the create revision only rises.
 * Side by side they show why the revision, not the lease id, is the token.
 */
function EtcdKeys({ frames }: { frames: readonly Frame[] }) {
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
function RedlockNodes({ frame }: { frame: Frame }) {
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

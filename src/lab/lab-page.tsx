import content from 'virtual:lockstep/content';
import lab from 'virtual:lockstep/lab';
import { fieldProblemMessage } from '@/content/field-problem-message';
import { Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { useStore } from 'zustand';
import { CodeText } from '@/components/code-text';
import { CopyButton } from '@/components/copy-button';
import { scrollIntoOwnView } from '@/components/scroll-into-own-view';
import { iframeSnippet, labEmbedUrl, labPageUrl } from '@/route/share-links';
import { ShortcutSettings } from '@/shortcuts/shortcut-settings';
import { useShortcuts } from '@/shortcuts/use-shortcuts';
import { CertificatesPanelView } from '@/story/certificates-panel-view';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { RenewersPanelView } from '@/story/renewers-panel-view';
import { SequenceDiagramView } from '@/story/sequence-diagram-view';
import { TimeStripView } from '@/story/time-strip-view';
import { LAB_FIELDS, type LabConfig } from '@/settings/lab-config';
import { type FieldProblem } from '@/settings/lab-address';
import { labNarration } from './lab-narration';
import { KeyRevisions, MailSenderPanel, QuorumNodes } from './lab-panels';
import { YourStatement } from './your-statement';
import { issuesTokens } from '@/sim/services/lock-services';
import { LabSettings } from './lab-settings';
import { LabTextVersion } from './lab-text-version';
import { LabVerdict } from './lab-verdict';
import { createLabActions, createLabStore, selectLabTimeline } from './lab-store';
import { RunGlance } from './run-glance';
import { RunStepper } from './run-stepper';
import { verdictOf, type Verdict } from '@/story/verdict';
import screen from '@/components/embed-screen.module.css';
import styles from './lab.module.css';
import { known } from '@/sim/known';

/** The lab embed is one screen of 640 px (src/embed/main.tsx): its embed code asks for that. */
const LAB_EMBED_HEIGHT = 640;

/** One step of a lab run as the page around an embed learns of it. */
export interface LabStepReport {
  readonly step: number;
  readonly of: number;
  readonly service: LabConfig['service'];
  readonly verdict: Verdict['kind'];
}

/**
 * The outcome map below the run (src/outcome-map/): a feature of its own, so the entry point passes it in
 * (src/app/lab-with-map.tsx), as features never import each other.
 */
export interface LabMapProps {
  readonly config: LabConfig;
  readonly problems: readonly FieldProblem[];
  readonly onConfigChange: (config: LabConfig) => void;
  readonly onOpen: (config: LabConfig) => void;
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
  authorTools = !embedded,
  onStep,
  outcomeMap: OutcomeMap,
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
  /** Copy link, copy embed code and shortcut settings: on the lab page; in an embed only with `tools=on`. */
  authorTools?: boolean;
  /** Told of every step shown (an embed reports it to the page around it), with the run's verdict. */
  onStep?: (report: LabStepReport) => void;
  /** Every pause and TTL at once, below the run; none where the page is given none. */
  outcomeMap?: ComponentType<LabMapProps>;
}) {
  const [store] = useState(() => createLabStore(initial, initialProblems));
  const actions = useMemo(() => createLabActions(store), [store]);
  const { config, problems } = useStore(store);
  const timeline = useStore(store, selectLabTimeline);
  const step = Math.min(
    useStore(store, (state) => state.cursor),
    timeline.frames.length - 1,
  );
  const frame = known(timeline.frames[step]);
  const verdict = verdictOf(timeline);
  const caption = narrationsFor(timeline, labNarration)[step]?.caption ?? '';
  useEffect(() => onChange(config), [config, onChange]);
  useEffect(
    () => onStep?.({ step: step + 1, of: timeline.frames.length, service: config.service, verdict: verdict.kind }),
    [step, timeline, config.service, verdict.kind, onStep],
  );

  const Root = embedded ? 'div' : 'main';
  const fullPage = labPageUrl(window.location.href, config);
  // Numbers and storage show their problem beside the field; the rest (a bad service, say) above the run.
  const otherProblems = problems.filter((problem) => !(problem.field in LAB_FIELDS) && problem.field !== 'storage');
  // The walkthrough's keys, while focus is in the run: ←/→ step, Home/End jump.
  const run = useRef<HTMLElement>(null);
  useShortcuts(
    'reading',
    { back: actions.back, next: actions.next, first: actions.goToFirst, last: actions.goToLast },
    { scope: run },
  );
  const change = (next: LabConfig, nextProblems?: readonly FieldProblem[]) => actions.change(next, nextProblems);
  // A preset, or a value typed and entered, shows its new run: where the settings are below it (a phone), the run's
  // top comes back into view. The compact embed's screen scrolls within itself; nothing scrolls the page around it.
  const root = useRef<HTMLDivElement & HTMLElement>(null);
  // The compact embed's settings sheet: while it is open, the run at a glance stands above the settings in place of
  // the stepped run, and "Step through it" closes the sheet to step through it.
  const [settingsOpen, setSettingsOpen] = useState(false);
  const sheet = useRef<HTMLDetailsElement>(null);
  const closeSettings = () => {
    if (sheet.current) sheet.current.open = false;
    setSettingsOpen(false);
    // Back to the run, at the top of the screen, which scrolls within itself: never the page around the frame.
    if (root.current) root.current.scrollTop = 0;
    run.current?.focus({ preventScroll: true });
  };
  const showRun = () => {
    const section = run.current;
    // In the compact embed with its settings open, the run at a glance above them already shows the change.
    if (!section || (compact && settingsOpen)) return;
    const top = section.getBoundingClientRect().top;
    if (compact && root.current) root.current.scrollTop += top - root.current.getBoundingClientRect().top;
    else if (top < 0 || top > window.innerHeight / 2) scrollIntoOwnView(section);
  };

  const runSection = (
    <section className={styles.run} aria-labelledby="run-heading" ref={run} tabIndex={-1}>
      <h2 id="run-heading">{lab.labels.run}</h2>
      <RunStepper label={lab.labels.stepThrough} step={step} count={timeline.frames.length} actions={actions} />
      <p className="caption" aria-live="polite">
        <span className="caption-time">{formatTime(frame.at)}</span>{' '}
        <span>
          <CodeText text={caption} />
        </span>
      </p>
      <TimeStripView
        timeline={timeline}
        cursor={step}
        className={styles.strip}
        // The compact embed's screen is short: its strip is the compact player's, with no key and no table row under
        // it (the panels beside the diagram show the row, and Redlock's nodes, which its strip leaves out).
        {...(compact ? { compact: true, legend: false, rowNow: false, nodeRows: false } : {})}
      />
      <div className="stage">
        <SequenceDiagramView
          timeline={timeline}
          cursor={step}
          title={lab.labels.title}
          scrollWithin={compact}
          narration={labNarration}
        />
        <div
          className="panels"
          {...(compact ? { tabIndex: 0, role: 'group', 'aria-label': lab.labels.partsScroll } : {})}
        >
          <QuorumNodes frame={frame} />
          <KeyRevisions frames={timeline.frames.slice(0, step + 1)} />
          {config.resource === 'email' ? (
            <MailSenderPanel frame={frame} idempotencyKey={config.storage === 'idempotencyKey'} />
          ) : (
            <CertificatesPanelView timeline={timeline} cursor={step} />
          )}
          {/* The fence exercise's statement: where the row's token can be checked, and not in a course's frame. */}
          {!compact && config.resource === 'certificate' && issuesTokens(config.service) && (
            // Its own boundary: the rest of the run never waits for the progress code.
            <Suspense fallback={null}>
              <YourStatement timeline={timeline} step={step} />
            </Suspense>
          )}
          <RenewersPanelView frame={frame} timeline={timeline} />
        </div>
      </div>
      <LabVerdict timeline={timeline} step={step} config={config} />
      {!compact && <LabTextVersion timeline={timeline} step={step} onStep={actions.goToStep} />}
    </section>
  );
  const settings = (
    <LabSettings config={config} problems={problems} change={change} showRun={showRun} showPresets={showPresets} />
  );

  return (
    // Inside the embed's own <main>, a second one would be a nested landmark.
    <Root
      className={
        compact
          ? [styles.lab, screen.screen, styles.compact, settingsOpen && styles.settingsOpen].filter(Boolean).join(' ')
          : styles.lab
      }
      id="lab"
      ref={root}
    >
      <h1>{lab.labels.title}</h1>
      <p>
        {!compact && `${lab.page.intro} `}
        {embedded ? (
          <a href={fullPage} target="_blank" rel="noopener">
            {lab.labels.openInLockstep}
          </a>
        ) : (
          <a href="./">{lab.labels.back}</a>
        )}
      </p>
      {authorTools && (
        <div className={styles.share}>
          <CopyButton label={lab.labels.copyLink} text={fullPage} what={content.controls.copy.link} />
          <CopyButton
            label={lab.labels.copyEmbed}
            text={iframeSnippet(labEmbedUrl(window.location.href, config), lab.labels.embedTitle, LAB_EMBED_HEIGHT)}
            what={content.controls.copy.embedCode}
          />
          <ShortcutSettings contexts={['reading']} />
        </div>
      )}
      {otherProblems.length > 0 && (
        <ul className={styles.notices} aria-label={lab.labels.linkProblems}>
          {otherProblems.map((problem) => (
            <li key={problem.field}>{fieldProblemMessage(problem, lab.fields)}</li>
          ))}
        </ul>
      )}
      {embedded ? (
        // A course column opens on the run; the settings wait in a sheet below it.
        <>
          {runSection}
          <details
            ref={sheet}
            className={styles.settingsSheet}
            onToggle={(event) => setSettingsOpen(event.currentTarget.open)}
          >
            <summary>
              {/* A heading, so the presets' and settings' own follow in order while the run above is put away. */}
              <h2 className={styles.sheetHeading}>{lab.labels.settings}</h2>
            </summary>
            {/* With the settings open, the whole run to scale and its verdict stay in view above them. */}
            {compact && settingsOpen && <RunGlance timeline={timeline} onShowRun={closeSettings} nodeRows={false} />}
            {settings}
          </details>
        </>
      ) : (
        // The run and the settings side by side on a wide screen (the run first, as it is read); on a phone the
        // settings follow the run.
        <>
          <div className={styles.workbench}>
            {runSection}
            <section className={styles.settingsColumn} aria-labelledby="settings-heading">
              <h2 id="settings-heading">{lab.labels.settings}</h2>
              <RunGlance timeline={timeline} onShowRun={showRun} />
              {settings}
            </section>
          </div>
          {/* Every pause and TTL at once, for this service: a cell opens its run above; the map's own choices (service, axes) change it where it is, without scrolling away. */}
          {OutcomeMap && (
            <OutcomeMap
              config={config}
              problems={problems}
              onConfigChange={actions.change}
              onOpen={(cell) => {
                change(cell);
                showRun();
              }}
            />
          )}
        </>
      )}
    </Root>
  );
}

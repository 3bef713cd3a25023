import postgres from 'virtual:lockstep/postgres';
import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { fillTemplate } from '@/content/fill-template';
import type { Cell, StatementOutcome, TransactionState } from './console-engine';
import { CONSOLE_TIME_LIMIT_MS, type ConsoleReply, type PostgresEngine } from './postgres-engine';
import { ConsoleResult } from './console-result';
import styles from './real-postgres.module.css';
import type { StepPlan } from './run-steps';
import { tableAtStep } from './table-at-step';
import { known } from '@/sim/known';

const PANEL = postgres.panel;
const EVENING = postgres.evening;
const LABELS = postgres.labels.console;
const LIMIT_SECONDS = String(CONSOLE_TIME_LIMIT_MS / 1000);

/** Which moment of the evening the console's own table shows: the story's start, a step set from it, or neither. */
type TableShows =
  { readonly kind: 'start' } | { readonly kind: 'step'; readonly step: number } | { readonly kind: 'yours' };

/**
 * Commands that leave a table as it was, and writes that matched no row (`UPDATE 0`): after anything else, the
 * table shows the learner's own changes.
 */
const READS = new Set(['SELECT', 'SHOW', 'EXPLAIN', 'BEGIN', 'START', 'COMMIT', 'ROLLBACK', 'SET', 'RESET', 'VALUES']);
const ROW_WRITES = new Set(['UPDATE', 'DELETE', 'INSERT', 'MERGE', 'COPY']);
function changes(tag: string): boolean {
  const [command = '', ...counts] = tag.split(' ');
  return !READS.has(command) && !(ROW_WRITES.has(command) && counts.at(-1) === '0');
}
const changedTable = (statements: readonly StatementOutcome[]) =>
  statements.some((outcome) => outcome.kind === 'ran' && changes(outcome.tag));

/** Why the last run ended without a result: the panel says so until the next run. */
type RunStopped =
  { readonly why: 'cancelled' | 'timeLimit' } | { readonly why: 'identityChanged'; readonly message: string };

/** Resolves after the next frame has been painted: a frame callback runs before the paint, a task after it. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The page's clock, for how long a run took: read in event handlers only. */
const clock = () => performance.now();

function stoppedBy(reply: ConsoleReply): RunStopped | null {
  if (reply.kind === 'restarted') return { why: 'identityChanged', message: reply.message };
  if (reply.kind === 'stopped' && (reply.why === 'cancelled' || reply.why === 'timeLimit')) return { why: reply.why };
  return null;
}

/** A cell's text as far as it was kept. */
const cellText = (cell: Cell) => (cell === null ? null : typeof cell === 'string' ? cell : cell.start);

/** Anything else, on the same in-page Postgres but in a certificates table of its own. */
export function SqlConsole({
  engine,
  transaction,
  broken,
  restarting,
  onRun,
  walkthrough,
}: {
  engine: PostgresEngine;
  transaction: TransactionState;
  /** Why Postgres stopped working, while it is broken. */
  broken: string | null;
  restarting: boolean;
  onRun: (reply: ConsoleReply) => void;
  /** The walkthrough's writes up to the learner's step, and that step's number. */
  walkthrough: { readonly plan: StepPlan; readonly step: number };
}) {
  const id = useId();
  const [sql, setSql] = useState(postgres.examples[0]?.sql ?? '');
  const [outcome, setOutcome] = useState<{ statements: readonly StatementOutcome[]; ms: number | null } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [stopped, setStopped] = useState<RunStopped | null>(null);
  const [shows, setShows] = useState<TableShows>({ kind: 'start' });

  // The engine never rejects; the finally keeps Run offered whatever else happens.
  const runText = async (text: string) => {
    setRunning(true);
    setNote(null);
    const startedAt = clock();
    try {
      const reply = await engine.console(text);
      setStopped(stoppedBy(reply));
      // A restart starts the console's tables again from the story's row.
      if (reply.kind !== 'ran') setShows({ kind: 'start' });
      else if (changedTable(reply.run.statements)) setShows({ kind: 'yours' });
      if (reply.kind === 'ran') {
        // "Took" is the wait until the result is on screen: put in the page now, timed once the browser has painted.
        const { statements } = reply.run;
        flushSync(() => setOutcome({ statements, ms: null }));
        await afterPaint();
        setOutcome({ statements, ms: clock() - startedAt });
      } else setOutcome(null);
      onRun(reply);
      return reply;
    } finally {
      setRunning(false);
    }
  };
  const run = () => runText(sql);

  /** One write of the evening, then the row it left. A's write lands where the fence is still low: say why. */
  const runEveningStep = async (index: number) => {
    const step = known(EVENING.steps[index]);
    setSql(step.sql);
    const reply = await runText(`${step.sql}\n${EVENING.rowQuery}`);
    if (reply.kind !== 'ran') return;
    const [write, read] = reply.run.statements;
    const row = read?.kind === 'ran' ? read.rows[0] : undefined;
    if (!row) return;
    const [cert = '', fence = ''] = row.map(cellText);
    // A's statement sets the fence to 33 wherever it matches: it landed when it changed the row.
    const landedEarly = index === 1 && write?.kind === 'ran' && write.tag === 'UPDATE 1';
    setNote(
      `${fillTemplate(EVENING.rowNow, { cert: cert ?? 'NULL', fence: fence ?? 'NULL' })}${
        landedEarly ? ` ${EVENING.aFirst}` : ''
      }`,
    );
  };
  const resetEvening = async () => {
    const reply = await runText(EVENING.reset);
    if (reply.kind !== 'ran') return;
    setNote(EVENING.wasReset);
    setShows({ kind: 'start' });
  };
  /** The steps' own statements up to the learner's step, run here as the console's role, on its own table. */
  const setToStep = async () => {
    const { plan, step } = walkthrough;
    // In the box, so the learner sees what ran and can run it again.
    const statements = tableAtStep(plan);
    setSql(statements);
    const reply = await runText(`${statements}\n${EVENING.rowQuery}`);
    if (reply.kind !== 'ran' || reply.run.statements.some((outcome) => outcome.kind !== 'ran')) return;
    const read = reply.run.statements.at(-1);
    const [cert = 'NULL', fence = 'NULL'] = read?.kind === 'ran' ? (read.rows[0] ?? []).map(cellText) : [];
    setNote(fillTemplate(EVENING.atStep, { step: String(step), cert: cert ?? 'NULL', fence: fence ?? 'NULL' }));
    setShows({ kind: 'step', step });
  };

  return (
    <form
      className={styles.sqlConsole}
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!running) void run();
      }}
    >
      <h5 id={`${id}-heading`}>{LABELS.title}</h5>
      <p>{PANEL.consoleIntro}</p>
      <div className={styles.evening} role="group" aria-labelledby={`${id}-evening`}>
        <p id={`${id}-evening`} className={styles.eveningTitle}>
          {EVENING.title}
        </p>
        <ol>
          {EVENING.steps.map((step, index) => (
            <li key={step.label}>
              <button type="button" disabled={running} onClick={() => void runEveningStep(index)}>
                {fillTemplate(LABELS.eveningStep, { number: String(index + 1), label: step.label })}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" disabled={running} onClick={() => void resetEvening()}>
          {LABELS.resetEvening}
        </button>
        <button type="button" disabled={running} onClick={() => void setToStep()}>
          {fillTemplate(EVENING.setToStep, { step: String(walkthrough.step) })}
        </button>
        <p className={styles.tableShows}>
          {shows.kind === 'start'
            ? EVENING.showsStart
            : shows.kind === 'step'
              ? fillTemplate(EVENING.showsStep, { step: String(shows.step) })
              : EVENING.showsYours}
        </p>
      </div>
      <div className={styles.examples} role="group" aria-label={LABELS.examples}>
        {postgres.examples.map((example) => (
          <button key={example.label} type="button" onClick={() => setSql(example.sql)}>
            {example.label}
          </button>
        ))}
      </div>
      <label htmlFor={`${id}-sql`}>{LABELS.sql}</label>
      <textarea
        id={`${id}-sql`}
        value={sql}
        rows={6}
        spellCheck={false}
        aria-describedby={`${id}-limit`}
        onChange={(event) => setSql(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            if (!running) void run();
          }
        }}
      />
      <p id={`${id}-limit`} className={styles.consoleLimit}>
        {fillTemplate(PANEL.consoleLimit, { seconds: LIMIT_SECONDS })}
      </p>
      <div className={styles.consoleActions}>
        <button type="submit" className="primary" disabled={running} aria-keyshortcuts="Control+Enter">
          {LABELS.run}
        </button>
        {/* Cancel also stops a restart under way; that restarts once more. */}
        <button type="button" disabled={!running && !restarting} onClick={() => engine.cancel()}>
          {LABELS.cancel}
        </button>
      </div>
      <div className={styles.consoleOutput} data-testid="console-output" aria-live="polite" aria-busy={running}>
        {broken !== null && (
          <div role="alert" className={styles.postgresFailed}>
            <p>{fillTemplate(PANEL.broken, { message: broken })}</p>
            <button
              type="button"
              onClick={() => {
                setStopped(null);
                void engine.restart();
              }}
            >
              {LABELS.restart}
            </button>
          </div>
        )}
        {restarting && <p role="status">{PANEL.restarting}</p>}
        {stopped && (
          <p role="status">
            {stopped.why === 'cancelled'
              ? PANEL.cancelled
              : stopped.why === 'identityChanged'
                ? fillTemplate(PANEL.identityChanged, { message: stopped.message })
                : fillTemplate(PANEL.timeLimit, { seconds: LIMIT_SECONDS })}
          </p>
        )}
        {outcome && <ConsoleResult statements={outcome.statements} ms={outcome.ms} />}
        {note && <p className={styles.eveningNote}>{note}</p>}
        {transaction !== 'idle' && (
          <p className={styles.transactionNote}>
            {transaction === 'open' ? PANEL.transactionOpen : PANEL.transactionFailed}
          </p>
        )}
      </div>
    </form>
  );
}

import postgres from 'virtual:lockstep/postgres';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { findRow } from '@/sim/certificates-table';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTick, formatTime } from '@/story/format';
import { describeCertificate } from '@/story/narrate';
import type { StatementOutcome, TransactionState } from './console-engine';
import {
  CONSOLE_TIME_LIMIT_MS,
  createPostgresEngine,
  type ConsoleReply,
  type PostgresEngine,
  type StepsReply,
} from './postgres-engine';
import { planSteps } from './run-steps';
import './real-postgres.css';

const PANEL = postgres.panel;
const EVENING = postgres.evening;
const LIMIT_SECONDS = String(CONSOLE_TIME_LIMIT_MS / 1000);

type Engine =
  | { readonly state: 'idle' }
  | { readonly state: 'loading'; readonly phase: string; readonly since: number }
  | { readonly state: 'ready'; readonly engine: PostgresEngine; readonly loadMs: number; readonly version: string }
  | { readonly state: 'failed'; readonly message: string };

/** A message the panel shows until the next run: why Postgres restarted, or that it broke. */
type Restart = { readonly why: 'cancelled' | 'timeLimit' } | { readonly why: 'broken'; readonly message: string };

/** A console run and how long it took, as the learner waited for it. */
async function timed<T>(running: Promise<T>): Promise<{ reply: T; ms: number }> {
  const started = performance.now();
  const reply = await running;
  return { reply, ms: performance.now() - started };
}

function newWorker() {
  return new Worker(new URL('./postgres.worker.ts', import.meta.url), { type: 'module', name: 'lockstep-postgres' });
}

/**
 * The walkthrough's writes on real Postgres: PGlite, the Postgres engine compiled to WebAssembly, loaded only
 * when asked for and run in a worker of this tab alone. Each step's SQL runs on it beside the simulation's
 * answer, and a console runs anything else.
 */
export function RealPostgres() {
  const [engine, setEngine] = useState<Engine>({ state: 'idle' });
  // Bumped whenever Postgres restarts or the console's transaction ends, so the steps run again.
  const [generation, setGeneration] = useState(0);
  const [transaction, setTransaction] = useState<TransactionState>('idle');
  const [restart, setRestart] = useState<Restart | null>(null);
  const headingId = useId();
  const ready = engine.state === 'ready' ? engine.engine : null;
  useEffect(() => () => ready?.close(), [ready]);

  const start = async () => {
    const since = performance.now();
    if (typeof WebAssembly === 'undefined' || typeof Worker === 'undefined') {
      setEngine({ state: 'failed', message: PANEL.noWebAssembly });
      return;
    }
    setEngine({ state: 'loading', phase: PANEL.downloading, since });
    const created = createPostgresEngine(newWorker, {
      createTable: postgres.createTable,
      insertRow: postgres.insertRow,
      // The console's row starts as the story does, so the ready-made statements mean something.
      seed: ['go.shop.example', 'serial 1000', 32],
    });
    try {
      setEngine({ state: 'loading', phase: PANEL.starting, since });
      const { version } = await created.start();
      setEngine({ state: 'ready', engine: created, loadMs: performance.now() - since, version });
    } catch (error) {
      created.close();
      setEngine({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  /** After a stop or a breakdown: a fresh Postgres, with the console's tables back to the story's row. */
  const restarted = (why: Restart) => {
    setRestart(why);
    setTransaction('idle');
    setGeneration((count) => count + 1);
  };
  const restartBroken = async () => {
    ready?.cancel();
    setRestart(null);
    try {
      await ready?.start();
      setGeneration((count) => count + 1);
    } catch (error) {
      setEngine({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="panel real-postgres" aria-labelledby={headingId}>
      <h4 id={headingId}>Real Postgres in this page</h4>
      {engine.state === 'idle' && (
        <>
          <p>{PANEL.intro}</p>
          <button type="button" onClick={() => void start()}>
            Run on real Postgres
          </button>
        </>
      )}
      {engine.state === 'loading' && <Loading phase={engine.phase} since={engine.since} />}
      {engine.state === 'failed' && (
        <div role="alert" className="postgres-failed">
          <p>{fillTemplate(PANEL.failed, { message: engine.message })}</p>
          <button type="button" onClick={() => void start()}>
            Try again
          </button>
        </div>
      )}
      {engine.state === 'ready' && (
        <>
          <p role="status">{fillTemplate(PANEL.ready, { version: engine.version, time: formatTick(engine.loadMs) })}</p>
          <StepsOnPostgres
            engine={engine.engine}
            generation={generation}
            onBroken={(message) => restarted({ why: 'broken', message })}
          />
          <SqlConsole
            engine={engine.engine}
            transaction={transaction}
            restart={restart}
            onRun={(reply) => {
              if (reply.kind === 'ran') {
                setRestart(null);
                setTransaction(reply.run.transaction);
                if (reply.run.transaction === 'idle' && transaction !== 'idle') setGeneration((count) => count + 1);
                const jammed = reply.run.statements.find(
                  (outcome) => outcome.kind === 'failed' && /ERRORDATA_STACK_SIZE/.test(outcome.error.message),
                );
                if (jammed?.kind === 'failed') restarted({ why: 'broken', message: jammed.error.message });
              } else if (reply.kind === 'stopped') {
                restarted({ why: reply.why });
                // Start the next Postgres now, so the steps and the next run find it ready.
                void engine.engine.start().catch(() => undefined);
              } else restarted({ why: 'broken', message: reply.message });
            }}
            onRestart={() => void restartBroken()}
          />
        </>
      )}
    </section>
  );
}

function Loading({ phase, since }: { phase: string; since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 200);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="postgres-loading">
      {phase}… {formatTick(Math.max(0, now - since))}
    </p>
  );
}

/** Every write up to the current step, run on Postgres, with its real row count beside the simulation's. */
function StepsOnPostgres({
  engine,
  generation,
  onBroken,
}: {
  engine: PostgresEngine;
  generation: number;
  onBroken: (message: string) => void;
}) {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const [run, setRun] = useState<{ reply: StepsReply; cursor: number } | null>(null);
  const latest = useRef(0);
  const reportBroken = useEffectEvent(onBroken);

  useEffect(() => {
    const ticket = (latest.current += 1);
    void engine.steps(planSteps(timeline, cursor, postgres)).then((reply) => {
      if (ticket !== latest.current) return;
      setRun({ reply, cursor });
      if (reply.kind === 'broken') reportBroken(reply.message);
    });
  }, [engine, timeline, cursor, generation]);

  if (run === null || run.reply.kind === 'stopped') return <p>{PANEL.stepsRunning}</p>;
  if (run.reply.kind === 'waiting') return <p role="status">{PANEL.stepsWaiting}</p>;
  if (run.reply.kind === 'failed' || run.reply.kind === 'broken')
    return <p role="alert">{fillTemplate(PANEL.stepRefused, { message: run.reply.message })}</p>;
  const result = run.reply.run;
  const simulatedRow = findRow(timeline.frames[run.cursor]!.world.table, timeline.scenario.domain);
  const firstWrite = timeline.frames.find((frame) => frame.happening.kind === 'writeRequested');
  const realRow = result.row;
  const sameRow =
    realRow?.cert === (simulatedRow && describeCertificate(simulatedRow.cert)) &&
    realRow?.fence === simulatedRow?.fence;
  const sql = timeline.settings.fencing ? postgres.sql.fenced : postgres.sql.unfenced;
  return (
    <div className="postgres-steps">
      <p>{fillTemplate(PANEL.stepsIntro, { domain: timeline.scenario.domain })}</p>
      <pre className="sql">
        <code>{sql}</code>
      </pre>
      <table>
        <caption>Writes up to step {run.cursor + 1}, on real Postgres</caption>
        <thead>
          <tr>
            <th scope="col">step</th>
            <th scope="col">writer, $2 and $3</th>
            <th scope="col">real Postgres</th>
            <th scope="col">simulation</th>
          </tr>
        </thead>
        <tbody>
          {result.writes.length === 0 ? (
            <tr>
              <td colSpan={4}>
                {firstWrite
                  ? fillTemplate(PANEL.firstWriteAt, { step: String(firstWrite.index + 1) })
                  : PANEL.noWriteYet}
              </td>
            </tr>
          ) : (
            result.writes.map((write) => (
              <tr key={write.step} className={write.realRows === write.simulatedRows ? undefined : 'differs'}>
                <td>{write.step}</td>
                <td>
                  Renewer {write.renewer}: &apos;{write.params[1]}&apos;, {write.params[2] ?? 'NULL'}
                </td>
                <td>UPDATE {write.realRows}</td>
                <td>
                  UPDATE {write.simulatedRows}
                  {write.realRows === write.simulatedRows ? ' (same)' : ' (different!)'}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <p>
        {fillTemplate(sameRow ? PANEL.rowSame : PANEL.rowDiffers, {
          row: realRow ? `${realRow.cert}, fence ${realRow.fence}` : 'none',
        })}
      </p>
    </div>
  );
}

/** Anything else, on the same in-page Postgres but in a certificates table of its own. */
function SqlConsole({
  engine,
  transaction,
  restart,
  onRun,
  onRestart,
}: {
  engine: PostgresEngine;
  transaction: TransactionState;
  restart: Restart | null;
  onRun: (reply: ConsoleReply) => void;
  onRestart: () => void;
}) {
  const id = useId();
  const [sql, setSql] = useState(postgres.examples[0]?.sql ?? '');
  const [outcome, setOutcome] = useState<{ statements: readonly StatementOutcome[]; ms: number } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // The fence before the last evening step ran, to explain A's write landing on a table B has not touched.
  const previousFence = useRef(32);

  const runText = async (text: string) => {
    setRunning(true);
    setNote(null);
    const { reply, ms } = await timed(engine.console(text));
    setOutcome(reply.kind === 'ran' ? { statements: reply.run.statements, ms } : null);
    setRunning(false);
    onRun(reply);
    return reply;
  };
  const run = () => runText(sql);

  /** One write of the evening, then the row it left. A's write first on a fresh table lands: say why. */
  const runEveningStep = async (index: number) => {
    const step = EVENING.steps[index]!;
    setSql(step.sql);
    const reply = await runText(`${step.sql}\n${EVENING.rowQuery}`);
    if (reply.kind !== 'ran') return;
    const [write, read] = reply.run.statements;
    const row = read?.kind === 'ran' ? read.rows[0] : undefined;
    if (!row) return;
    const [cert = '', fence = ''] = row;
    const landedEarly = index === 1 && write?.kind === 'ran' && write.tag === 'UPDATE 1' && Number(fence) === 33;
    setNote(
      `${fillTemplate(EVENING.rowNow, { cert: cert ?? 'NULL', fence: fence ?? 'NULL' })}${
        landedEarly ? ` ${fillTemplate(EVENING.aFirst, { fence: String(previousFence.current) })}` : ''
      }`,
    );
    previousFence.current = Number(fence);
  };
  const resetEvening = async () => {
    const reply = await runText(EVENING.reset);
    if (reply.kind === 'ran') {
      previousFence.current = 32;
      setNote(EVENING.wasReset);
    }
  };

  return (
    <form
      className="sql-console"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!running) void run();
      }}
    >
      <h5 id={`${id}-heading`}>SQL console</h5>
      <p>{PANEL.consoleIntro}</p>
      <div className="evening" role="group" aria-labelledby={`${id}-evening`}>
        <p id={`${id}-evening`} className="evening-title">
          {EVENING.title}
        </p>
        <ol>
          {EVENING.steps.map((step, index) => (
            <li key={step.label}>
              <button type="button" disabled={running} onClick={() => void runEveningStep(index)}>
                Run step {index + 1}: {step.label}
              </button>
            </li>
          ))}
        </ol>
        <button type="button" disabled={running} onClick={() => void resetEvening()}>
          Reset the table
        </button>
      </div>
      <div className="examples" role="group" aria-label="Ready-made statements">
        {postgres.examples.map((example) => (
          <button key={example.label} type="button" onClick={() => setSql(example.sql)}>
            {example.label}
          </button>
        ))}
      </div>
      <label htmlFor={`${id}-sql`}>SQL</label>
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
      <p id={`${id}-limit`} className="console-limit">
        {fillTemplate(PANEL.consoleLimit, { seconds: LIMIT_SECONDS })}
      </p>
      <div className="console-actions">
        <button type="submit" className="primary" disabled={running} aria-keyshortcuts="Control+Enter">
          Run
        </button>
        <button type="button" disabled={!running} onClick={() => engine.cancel()}>
          Cancel
        </button>
      </div>
      <div className="console-output" aria-live="polite" aria-busy={running}>
        {restart?.why === 'broken' && (
          <div role="alert" className="postgres-failed">
            <p>{fillTemplate(PANEL.broken, { message: restart.message })}</p>
            <button type="button" onClick={onRestart}>
              Restart Postgres
            </button>
          </div>
        )}
        {restart && restart.why !== 'broken' && (
          <p role="status">
            {restart.why === 'cancelled' ? PANEL.cancelled : fillTemplate(PANEL.timeLimit, { seconds: LIMIT_SECONDS })}
          </p>
        )}
        {outcome && <ConsoleResult statements={outcome.statements} ms={outcome.ms} />}
        {note && <p className="evening-note">{note}</p>}
        {transaction !== 'idle' && (
          <p className="transaction-note">{transaction === 'open' ? PANEL.transactionOpen : PANEL.transactionFailed}</p>
        )}
      </div>
    </form>
  );
}

function ConsoleResult({ statements, ms }: { statements: readonly StatementOutcome[]; ms: number }) {
  return (
    <>
      {statements.map((outcome, index) => (
        <div key={index} className="console-result">
          {outcome.kind === 'refused' && <p className="pg-error">{PANEL[outcome.refusal]}</p>}
          {outcome.kind === 'failed' && (
            <p className="pg-error">
              ERROR: {outcome.error.message}
              {outcome.error.code &&
                ` (SQLSTATE ${outcome.error.code}${outcome.error.position ? `, at character ${outcome.error.position}` : ''})`}
            </p>
          )}
          {outcome.kind === 'ran' && (
            <>
              {outcome.columns.length > 0 && (
                <table>
                  <thead>
                    <tr>
                      {outcome.columns.map((column, position) => (
                        <th key={position} scope="col">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {outcome.rows.map((row, rowIndex) => (
                      <tr key={rowIndex}>
                        {row.map((value, position) => (
                          <td key={position} className={value === null ? 'null' : undefined}>
                            {value ?? 'NULL'}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {outcome.rowCount > outcome.rows.length && (
                <p className="rows-shown">
                  {fillTemplate(PANEL.rowsShown, {
                    shown: String(outcome.rows.length),
                    count: outcome.rowCount.toLocaleString('en'),
                  })}
                </p>
              )}
              <p className="tag">{outcome.tag}</p>
            </>
          )}
        </div>
      ))}
      <p className="timing">Took {formatTime(ms)}.</p>
    </>
  );
}

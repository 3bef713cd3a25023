import type { PGlite } from '@electric-sql/pglite';
import postgres from 'virtual:lockstep/postgres';
import { useEffect, useId, useRef, useState } from 'react';
import { fillTemplate } from '@/content/fill-template';
import { findRow } from '@/sim/certificates-table';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTick, formatTime } from '@/story/format';
import { describeCertificate } from '@/story/narrate';
import { runStepsOnPostgres, type RealRun } from './run-steps';
import { runConsole, type ConsoleOutcome } from './sql-console';
import './real-postgres.css';

const PANEL = postgres.panel;

type Engine =
  | { readonly state: 'idle' }
  | { readonly state: 'loading'; readonly phase: string; readonly since: number }
  | { readonly state: 'ready'; readonly db: PGlite; readonly loadMs: number; readonly version: string }
  | { readonly state: 'failed'; readonly message: string };

/** Long enough for 5 MB on a slow connection; past it, the page says so instead of spinning for ever. */
const START_TIMEOUT_MS = 120_000;

/**
 * PGlite fetches its WebAssembly and data files inside promises nobody awaits: when a download is blocked,
 * create() never settles and the failure surfaces only as an unhandled rejection. Watch for that (and for
 * a time limit) while Postgres starts, and turn it into an error the panel can show.
 */
function startedOrFailed<T>(starting: Promise<T>): Promise<T> {
  let onRejection: (event: PromiseRejectionEvent) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const failure = new Promise<never>((_, reject) => {
    onRejection = (event) => {
      const reason: unknown = event.reason;
      const loading =
        reason instanceof TypeError ||
        reason instanceof WebAssembly.CompileError ||
        reason instanceof WebAssembly.LinkError ||
        reason instanceof WebAssembly.RuntimeError;
      if (!loading) return;
      event.preventDefault();
      reject(new Error(`a file it needs did not arrive (${reason.message}).`));
    };
    window.addEventListener('unhandledrejection', onRejection);
    timer = setTimeout(
      () => reject(new Error(`it did not start within ${START_TIMEOUT_MS / 1000} s.`)),
      START_TIMEOUT_MS,
    );
  });
  return Promise.race([starting, failure]).finally(() => {
    window.removeEventListener('unhandledrejection', onRejection);
    clearTimeout(timer);
  });
}

/**
 * The walkthrough's writes on real Postgres: PGlite, the Postgres engine compiled to WebAssembly, loaded only
 * when asked for. Each step's SQL runs on it beside the simulation's answer, and a console runs anything else.
 */
export function RealPostgres() {
  const [engine, setEngine] = useState<Engine>({ state: 'idle' });
  const headingId = useId();
  const db = engine.state === 'ready' ? engine.db : null;
  useEffect(() => () => void db?.close(), [db]);

  const start = async () => {
    const since = performance.now();
    if (typeof WebAssembly === 'undefined') {
      setEngine({ state: 'failed', message: 'This browser has no WebAssembly, which real Postgres needs.' });
      return;
    }
    try {
      setEngine({ state: 'loading', phase: 'Downloading Postgres (about 5 MB)', since });
      const { PGlite } = await import('@electric-sql/pglite');
      setEngine({ state: 'loading', phase: 'Starting Postgres', since });
      const created = await startedOrFailed(PGlite.create());
      setEngine({ state: 'loading', phase: 'Creating the certificates table', since });
      await created.exec(postgres.createTable);
      // The console's row starts as the story does, so the ready-made statements mean something.
      await created.query(postgres.insertRow, ['go.shop.example', 'serial 1000', 32]);
      const version =
        (await created.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '';
      setEngine({ state: 'ready', db: created, loadMs: performance.now() - since, version });
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
          <StepsOnPostgres db={engine.db} />
          <SqlConsole db={engine.db} />
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
function StepsOnPostgres({ db }: { db: PGlite }) {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const [run, setRun] = useState<{ result: RealRun; cursor: number } | { error: string } | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = (latest.current += 1);
    runStepsOnPostgres(db, timeline, cursor, postgres).then(
      (result) => ticket === latest.current && setRun({ result, cursor }),
      (error: unknown) => ticket === latest.current && setRun({ error: String(error) }),
    );
  }, [db, timeline, cursor]);

  if (run === null) return <p>{PANEL.stepsRunning}</p>;
  if ('error' in run) return <p role="alert">{fillTemplate(PANEL.stepRefused, { message: run.error })}</p>;
  const simulatedRow = findRow(timeline.frames[run.cursor]!.world.table, timeline.scenario.domain);
  const firstWrite = timeline.frames.find((frame) => frame.happening.kind === 'writeRequested');
  const realRow = run.result.row;
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
          {run.result.writes.length === 0 ? (
            <tr>
              <td colSpan={4}>
                {firstWrite
                  ? fillTemplate(PANEL.firstWriteAt, { step: String(firstWrite.index + 1) })
                  : PANEL.noWriteYet}
              </td>
            </tr>
          ) : (
            run.result.writes.map((write) => (
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

/** Anything else, on the same in-page database but its own certificates table. */
function SqlConsole({ db }: { db: PGlite }) {
  const id = useId();
  const [sql, setSql] = useState(postgres.examples[0]?.sql ?? '');
  const [outcome, setOutcome] = useState<{ outcome: ConsoleOutcome; ms: number } | null>(null);
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    const started = performance.now();
    const result = await runConsole(db, sql);
    setOutcome({ outcome: result, ms: performance.now() - started });
    setRunning(false);
  };

  return (
    <form
      className="sql-console"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        void run();
      }}
    >
      <h5 id={`${id}-heading`}>SQL console</h5>
      <p>{PANEL.consoleIntro}</p>
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
        onChange={(event) => setSql(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void run();
          }
        }}
      />
      <button type="submit" className="primary" disabled={running} aria-keyshortcuts="Control+Enter">
        Run
      </button>
      <div className="console-output" aria-live="polite">
        {outcome && <ConsoleResult outcome={outcome.outcome} ms={outcome.ms} />}
      </div>
    </form>
  );
}

function ConsoleResult({ outcome, ms }: { outcome: ConsoleOutcome; ms: number }) {
  if (!outcome.ok) {
    const { message, code, position } = outcome.error;
    return (
      <p className="pg-error">
        ERROR: {message}
        {code && ` (SQLSTATE ${code}${position ? `, at character ${position}` : ''})`}
      </p>
    );
  }
  return (
    <>
      {outcome.results.map((result, index) => (
        <div key={index} className="console-result">
          {result.columns.length > 0 && (
            <table>
              <thead>
                <tr>
                  {result.columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {result.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {result.columns.map((column) => (
                      <td key={column}>{String(row[column])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="tag">{result.tag}</p>
        </div>
      ))}
      <p className="timing">Took {formatTime(ms)}.</p>
    </>
  );
}

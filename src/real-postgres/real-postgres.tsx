import postgres from 'virtual:lockstep/postgres';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useOnline } from '@/components/use-online';
import { fillTemplate } from '@/content/fill-template';
import { findRow } from '@/sim/certificates-table';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';
import { formatTick } from '@/story/format';
import { describeCertificate } from '@/story/narrate';
import type { TransactionState } from './console-engine';
import { ENGINE_OFF, type EngineState } from './engine-lifecycle';
import { usePageEngine } from './page-engine';
import { STEPS_TIME_LIMIT_MS, type PostgresEngine, type StepsReply } from './postgres-engine';
import { planSteps } from './run-steps';
import { SqlConsole } from './sql-console';
import styles from './real-postgres.module.css';
import { known } from '@/sim/known';

const PANEL = postgres.panel;
const LABELS = postgres.labels.realPostgres;
const STEPS = postgres.labels.steps;
/** Before the learner asks for Postgres there is no engine; its state is simply off. */
const NO_ENGINE = createStore<EngineState>()(() => ENGINE_OFF);

/**
 * The walkthrough's writes on real Postgres: PGlite, the Postgres engine compiled to WebAssembly, loaded only
 * when asked for and run in a worker of this tab alone. Each step's SQL runs on it beside the simulation's
 * answer, and a console runs anything else. What it can do at each moment is the engine's state (starting, ready,
 * busy, broken, restarting), which the engine keeps; this panel only shows it.
 */
export function RealPostgres() {
  const { engine, take } = usePageEngine();
  const state = useStore(engine?.store ?? NO_ENGINE);
  const [loaded, setLoaded] = useState<{ ms: number; version: string } | null>(null);
  const [since, setSince] = useState(0);
  const [unsupported, setUnsupported] = useState(false);
  // Bumped whenever Postgres restarts or the console's transaction ends, so the steps run again.
  const [generation, setGeneration] = useState(0);
  const [transaction, setTransaction] = useState<TransactionState>('idle');
  // The console offers to set its own table to the learner's step.
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const headingId = useId();
  // Its files are fetched on first use and kept by the offline site: a first run needs the network.
  const online = useOnline();
  // A fresh Postgres has no transaction open and the story's row back: the steps run again on it.
  useEffect(
    () =>
      engine?.store.subscribe((now, before) => {
        if (now.phase === 'ready' && before.phase === 'restarting') setGeneration((count) => count + 1);
        if (now.phase === 'restarting' || now.phase === 'broken') setTransaction('idle');
      }),
    [engine],
  );

  const start = async () => {
    if (typeof WebAssembly === 'undefined' || typeof Worker === 'undefined') return setUnsupported(true);
    const startedAt = performance.now();
    setSince(startedAt);
    const created = engine ?? take();
    await (created.store.getState().phase === 'broken' ? created.restart() : created.start());
    const now = created.store.getState();
    if (now.phase === 'ready') setLoaded({ ms: performance.now() - startedAt, version: now.version });
  };

  return (
    <section className={`panel ${styles.realPostgres}`} aria-labelledby={headingId} data-testid="real-postgres">
      <h4 id={headingId}>{LABELS.title}</h4>
      {state.phase === 'off' && !unsupported && (
        <>
          <p>{PANEL.intro}</p>
          {!online && <p className={styles.offline}>{PANEL.offline}</p>}
          <button type="button" onClick={() => void start()}>
            {LABELS.run}
          </button>
        </>
      )}
      {unsupported && (
        <div role="alert" className={styles.postgresFailed}>
          <p>{fillTemplate(PANEL.failed, { message: PANEL.noWebAssembly })}</p>
        </div>
      )}
      {!loaded && (state.phase === 'starting' || state.phase === 'restarting') && (
        <Loading phase={PANEL.starting} since={since} />
      )}
      {!loaded && state.phase === 'broken' && (
        <div role="alert" className={styles.postgresFailed}>
          <p>{fillTemplate(online ? PANEL.failed : PANEL.offlineFailed, { message: state.message })}</p>
          <button type="button" onClick={() => void start()}>
            {LABELS.tryAgain}
          </button>
        </div>
      )}
      {loaded && engine && (
        <>
          <p role="status">{fillTemplate(PANEL.ready, { version: loaded.version, time: formatTick(loaded.ms) })}</p>
          <StepsOnPostgres engine={engine} generation={generation} />
          <SqlConsole
            engine={engine}
            transaction={transaction}
            broken={state.phase === 'broken' ? state.message : null}
            restarting={state.phase === 'restarting'}
            walkthrough={{ plan: planSteps(timeline, cursor, postgres), step: cursor + 1 }}
            onRun={(reply) => {
              if (reply.kind !== 'ran') return;
              setTransaction(reply.run.transaction);
              if (reply.run.transaction === 'idle' && transaction !== 'idle') setGeneration((count) => count + 1);
            }}
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
  return <p role="status">{fillTemplate(LABELS.loading, { phase, time: formatTick(Math.max(0, now - since)) })}</p>;
}

/** Every write up to the current step, run on Postgres, with its real row count beside the simulation's. */
function StepsOnPostgres({ engine, generation }: { engine: PostgresEngine; generation: number }) {
  const timeline = useWalkthrough(selectTimeline);
  const cursor = useWalkthrough(selectCursor);
  const [run, setRun] = useState<{ reply: StepsReply; cursor: number } | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = (latest.current += 1);
    void engine.steps(planSteps(timeline, cursor, postgres)).then((reply) => {
      if (ticket !== latest.current) return;
      setRun({ reply, cursor });
    });
  }, [engine, timeline, cursor, generation]);

  if (run?.reply.kind === 'stopped' && run.reply.why === 'stepsTimeLimit')
    return <p role="alert">{fillTemplate(PANEL.stepsTimeLimit, { seconds: String(STEPS_TIME_LIMIT_MS / 1000) })}</p>;
  if (run === null || run.reply.kind === 'stopped') return <p>{PANEL.stepsRunning}</p>;
  if (run.reply.kind === 'waiting') return <p role="status">{PANEL.stepsWaiting}</p>;
  // An SQL error in the lesson's statements is Postgres refusing them; a broken Postgres is said as such (the
  // console below offers the restart).
  if (run.reply.kind === 'failed')
    return <p role="alert">{fillTemplate(PANEL.stepRefused, { message: run.reply.message })}</p>;
  if (run.reply.kind === 'broken')
    return <p role="alert">{fillTemplate(PANEL.broken, { message: run.reply.message })}</p>;
  const result = run.reply.run;
  const simulatedRow = findRow(known(timeline.frames[run.cursor]).world.table, timeline.scenario.domain);
  const firstWrite = timeline.frames.find((frame) => frame.happening.kind === 'writeRequested');
  const realRow = result.row;
  const sameRow =
    realRow?.cert === (simulatedRow && describeCertificate(simulatedRow.cert)) &&
    realRow?.fence === simulatedRow?.fence;
  const sql = timeline.settings.fencing ? postgres.sql.fenced : postgres.sql.unfenced;
  return (
    <div className={styles.postgresSteps}>
      <p>{fillTemplate(PANEL.stepsIntro, { domain: timeline.scenario.domain })}</p>
      <pre className="sql">
        <code>{sql}</code>
      </pre>
      <table>
        <caption>{fillTemplate(STEPS.caption, { step: String(run.cursor + 1) })}</caption>
        <thead>
          <tr>
            <th scope="col">{STEPS.step}</th>
            <th scope="col">{STEPS.writer}</th>
            <th scope="col">{STEPS.real}</th>
            <th scope="col">{STEPS.simulation}</th>
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
              <tr key={write.step} className={write.realRows === write.simulatedRows ? undefined : styles.differs}>
                <td>{write.step}</td>
                <td>
                  {fillTemplate(STEPS.write, {
                    renewer: write.renewer,
                    cert: write.params[1],
                    token: String(write.params[2] ?? 'NULL'),
                  })}
                </td>
                <td>UPDATE {write.realRows}</td>
                <td>
                  UPDATE {write.simulatedRows} {write.realRows === write.simulatedRows ? STEPS.same : STEPS.different}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <p>
        {fillTemplate(sameRow ? PANEL.rowSame : PANEL.rowDiffers, {
          row: realRow ? fillTemplate(STEPS.row, { cert: realRow.cert, fence: String(realRow.fence) }) : STEPS.noRow,
        })}
      </p>
    </div>
  );
}

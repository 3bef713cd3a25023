import postgres from 'virtual:lockstep/postgres';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { fillTemplate } from '@/content/fill-template';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import { sequenceKey, type EveningSequences } from '@/settings/evening-sequences';
import { formatTick } from '@/story/format';
import { ENGINE_OFF, type EngineState } from './engine-lifecycle';
import { exerciseRefusal, type ExerciseRefusal } from './fence-statement';
import { HAND_CASE_IDS } from './fence-verdict';
import { casesFor, exerciseResult, type ExerciseResult } from './fence-result';
import { FenceResultView } from './fence-result-view';
import { usePageEngine } from './page-engine';
import { CONSOLE_TIME_LIMIT_MS } from './postgres-engine';
import { SqlEditor } from './sql-editor';
import styles from './fence-exercise.module.css';

const EXERCISE = postgres.exercise;
const STATUS = EXERCISE.status;
const LIMIT_SECONDS = String(CONSOLE_TIME_LIMIT_MS / 1000);
const NO_ENGINE = createStore<EngineState>()(() => ENGINE_OFF);

/** The evenings to judge on, as the map's worker reduces them (the page passes them in: they are the lab's). */
export interface EveningsState {
  readonly sequences: EveningSequences | null;
  readonly progress: { readonly done: number; readonly of: number } | null;
  /** False where the browser has no workers: the simulator's evenings cannot be run apart from the page. */
  readonly workers: boolean;
}

/** What the last check came to; a check that is under way, or waits for the simulator, is `checking`. */
type Checked =
  | { readonly kind: 'checking' }
  | { readonly kind: 'refused'; readonly refusal: ExerciseRefusal }
  | { readonly kind: 'judged'; readonly statement: string; readonly result: ExerciseResult; readonly ms: number }
  | { readonly kind: 'said'; readonly message: string; readonly alert: boolean };

/** Why a statement is not run, in the exercise's words or, for the console's own refusals, the console's. */
const refusalText = (refusal: ExerciseRefusal) =>
  refusal in EXERCISE.refusals
    ? EXERCISE.refusals[refusal as keyof typeof EXERCISE.refusals]
    : postgres.panel[refusal as Exclude<ExerciseRefusal, keyof typeof EXERCISE.refusals>];

/**
 * The fence exercise: the learner writes the statement a renewer runs to store its certificate, and it is run on
 * real Postgres for every sequence of writes the simulator can produce and the cases it cannot. The statement
 * and its verdict are kept with the learner's progress.
 */
export function FenceExercise({
  evenings,
  onFirstUse,
}: {
  evenings: EveningsState;
  /** The learner edited or checked a statement: the simulator's evenings are needed now. */
  onFirstUse: () => void;
}) {
  const id = useId();
  const saved = useProgress((state) => state.exercises[EXERCISE.id]);
  const { writeExercise } = useProgressActions();
  const [statement, setStatement] = useState(saved?.statement ?? EXERCISE.start);
  const [checked, setChecked] = useState<Checked | null>(null);
  // The statement waiting to be judged once the simulator's evenings are ready.
  const [pending, setPending] = useState<string | null>(null);
  const { engine, take } = usePageEngine();
  const state = useStore(engine?.store ?? NO_ENGINE);
  const judging = useRef(false);
  // The box's text now: a check that ends after the learner typed on keeps their new text, unjudged.
  const current = useRef(statement);

  const edit = (text: string) => {
    onFirstUse();
    current.current = text;
    setStatement(text);
    writeExercise(EXERCISE.id, { statement: text, verdict: null });
  };

  const judge = async (text: string, sequences: EveningSequences) => {
    judging.current = true;
    const started = performance.now();
    try {
      const reply = await (engine ?? take()).judge(text, casesFor(sequences));
      if (reply.kind === 'judged') {
        if (reply.run.kind === 'refused') setChecked({ kind: 'refused', refusal: reply.run.refusal });
        else if (reply.run.kind === 'setupFailed')
          setChecked({
            kind: 'said',
            message: fillTemplate(STATUS.setupFailed, { message: reply.run.message }),
            alert: true,
          });
        else {
          const { cases } = reply.run;
          const result = exerciseResult(text, sequences, cases);
          setChecked({ kind: 'judged', statement: text, result, ms: performance.now() - started });
          // Each simulated sequence's row counts, for the lab to show beside its writes.
          const rows = Object.fromEntries(
            sequences.sequences.flatMap((sequence, index) => {
              const run = cases[index];
              return run?.kind === 'ran' ? [[sequenceKey(sequence), run.rows]] : [];
            }),
          );
          const verdict = result.passed ? 'passed' : 'failed';
          if (current.current === text) writeExercise(EXERCISE.id, { statement: text, verdict, rows });
        }
      } else if (reply.kind === 'waiting') setChecked({ kind: 'said', message: STATUS.waiting, alert: false });
      else if (reply.kind === 'stopped')
        setChecked({ kind: 'said', message: fillTemplate(STATUS.timeLimit, { seconds: LIMIT_SECONDS }), alert: true });
      else if (reply.kind === 'restarted')
        setChecked({ kind: 'said', message: fillTemplate(STATUS.restarted, { message: reply.message }), alert: true });
      else setChecked({ kind: 'said', message: fillTemplate(STATUS.broken, { message: reply.message }), alert: true });
    } finally {
      judging.current = false;
    }
  };

  // A check asked for before the simulator's evenings were ready runs as soon as they are.
  const sequences = evenings.sequences;
  useEffect(() => {
    if (pending === null || sequences === null || judging.current) return;
    setPending(null);
    void judge(pending, sequences);
    // judge is remade each render; the check runs once per statement asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, sequences]);

  const check = () => {
    if (judging.current || pending !== null) return;
    onFirstUse();
    const refusal = exerciseRefusal(statement);
    if (refusal) {
      setChecked({ kind: 'refused', refusal });
      writeExercise(EXERCISE.id, { statement, verdict: 'failed', ...(saved?.rows && { rows: saved.rows }) });
      return;
    }
    if (!evenings.workers) return setChecked({ kind: 'said', message: STATUS.noWorkers, alert: true });
    setChecked({ kind: 'checking' });
    // Postgres starts while the simulator runs.
    void (engine ?? take()).start();
    setPending(statement);
  };

  const busy = checked?.kind === 'checking';
  return (
    <form
      className={styles.exercise}
      aria-labelledby={EXERCISE.id}
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <label htmlFor={`${id}-statement`}>{EXERCISE.labels.statement}</label>
      <p id={`${id}-parameters`} className={styles.note}>
        {EXERCISE.labels.parameters}
      </p>
      <SqlEditor
        id={`${id}-statement`}
        value={statement}
        onChange={edit}
        onSubmit={check}
        describedBy={`${id}-parameters ${id}-limit`}
      />
      <div className={styles.actions}>
        <button type="submit" className="primary" aria-disabled={busy} aria-keyshortcuts="Control+Enter">
          {EXERCISE.labels.check}
        </button>
        <button type="button" onClick={() => edit(EXERCISE.start)}>
          {EXERCISE.labels.startAgain}
        </button>
      </div>
      <p id={`${id}-limit`} className={styles.note}>
        {fillTemplate(STATUS.limit, { seconds: LIMIT_SECONDS })}
      </p>
      {/* Said when it ends, not while it is rebuilt: a busy live region would hold back the progress too. */}
      <div aria-live="polite" data-testid="fence-result">
        {checked === null && saved?.verdict && saved.statement === statement && (
          <p className={styles.note}>{saved.verdict === 'passed' ? STATUS.lastPassed : STATUS.lastFailed}</p>
        )}
        {busy && <Progress evenings={evenings} phase={state.phase} />}
        {checked?.kind === 'refused' && (
          <p role="alert" className={styles.failed}>
            {refusalText(checked.refusal)}
          </p>
        )}
        {checked?.kind === 'said' && <p role={checked.alert ? 'alert' : 'status'}>{checked.message}</p>}
        {checked?.kind === 'judged' && sequences && (
          <>
            {checked.statement !== statement && <p className={styles.note}>{STATUS.changed}</p>}
            <FenceResultView result={checked.result} evenings={sequences} />
            {!checked.result.failed && (
              <p className={styles.note}>
                {fillTemplate(STATUS.took, {
                  sequences: sequences.sequences.length.toLocaleString('en'),
                  runs: sequences.runs.toLocaleString('en'),
                  hand: String(HAND_CASE_IDS.length),
                  time: formatTick(checked.ms),
                })}{' '}
                {EXERCISE.result.saved}
              </p>
            )}
          </>
        )}
      </div>
    </form>
  );
}

/** Where a check stands: the simulator's maps done, Postgres starting, or the statement being run. */
function Progress({ evenings, phase }: { evenings: EveningsState; phase: EngineState['phase'] }) {
  if (!evenings.sequences)
    return (
      <p role="status">
        {fillTemplate(STATUS.reducing, {
          done: String(evenings.progress?.done ?? 0),
          of: String(evenings.progress?.of ?? '…'),
        })}
      </p>
    );
  const { sequences, runs } = evenings.sequences;
  return (
    <>
      <p>
        {fillTemplate(STATUS.reduced, {
          runs: runs.toLocaleString('en'),
          sequences: String(sequences.length),
          hand: String(HAND_CASE_IDS.length),
          cases: String(sequences.length + HAND_CASE_IDS.length),
        })}
      </p>
      <p role="status">{phase === 'starting' || phase === 'restarting' ? postgres.panel.starting : STATUS.judging}</p>
    </>
  );
}

import postgres from 'virtual:lockstep/postgres';
import { fillTemplate } from '@/content/fill-template';
import { useProgressIfKept } from '@/progress/use-progress-if-kept';
import { sequenceKey } from '@/settings/evening-sequences';
import type { Timeline } from '@/sim/run';

const EXERCISE = postgres.exercise;
const WORDS = EXERCISE.lab;

/**
 * Beside the certificates panel, for runs of services that issue tokens: the fence exercise's statement, as the
 * learner last checked it, with what Postgres answered each write of this run (read from their progress, where
 * the exercise keeps each sequence's row counts). Before any check, an invitation to write one.
 */
export function YourStatement({ timeline, step }: { timeline: Timeline; step: number }) {
  const saved = useProgressIfKept((state) => state.exercises[EXERCISE.id]);
  const attempted = timeline.frames.at(-1)?.world.writes ?? [];
  const key = sequenceKey(
    attempted.map((write) => ({ renewer: write.renewer, token: write.fencingToken ?? 0, serial: write.cert.serial })),
  );
  const rows = saved?.rows?.[key];
  // The writes made by this step: the row count beside each is the one the statement got in the whole evening.
  const made = timeline.frames[step]?.world.writes.length ?? 0;
  // An upsert's tag is `INSERT 0 n`: read past any comments before its first word.
  const insert = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*INSERT\b/i.test(saved?.statement ?? '');
  return (
    <section className="panel" aria-labelledby="your-statement">
      <h3 id="your-statement">{WORDS.title}</h3>
      {!saved?.rows ? (
        <p>
          {WORDS.invite} <a href={`./#${EXERCISE.id}`}>{WORDS.link}</a>
        </p>
      ) : (
        <>
          <p>{WORDS.checked}</p>
          <pre className="sql">
            <code>{saved.statement}</code>
          </pre>
          {!rows ? (
            <p>{WORDS.notChecked}</p>
          ) : made === 0 ? (
            <p>{WORDS.noWriteYet}</p>
          ) : (
            <ul>
              {attempted.slice(0, made).map((write, index) => (
                <li key={index}>
                  {fillTemplate(WORDS.write, {
                    renewer: write.renewer,
                    token: String(write.fencingToken ?? 0),
                    tag: insert ? `INSERT 0 ${rows[index] ?? 0}` : `UPDATE ${rows[index] ?? 0}`,
                  })}
                </li>
              ))}
            </ul>
          )}
          <p>
            <a href={`./#${EXERCISE.id}`}>{WORDS.link}</a>
          </p>
        </>
      )}
    </section>
  );
}

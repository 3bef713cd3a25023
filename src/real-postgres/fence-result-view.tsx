import postgres from 'virtual:lockstep/postgres';
import { fillTemplate } from '@/content/fill-template';
import { labPageUrl } from '@/route/share-links';
import type { EveningSequences } from '@/settings/evening-sequences';
import { formatTick } from '@/story/format';
import { HAND_CASE_IDS } from './fence-verdict';
import type { CellOutcome, ExerciseResult } from './fence-result';
import { StatementMap } from './statement-map';
import styles from './fence-exercise.module.css';
import { known } from '@/sim/known';

const EXERCISE = postgres.exercise;
const RESULT = EXERCISE.result;
const LABELS = EXERCISE.labels;

/** A count as the page writes numbers: 1,600. */
const count = (value: number) => value.toLocaleString('en');

/** A cell of the exercise's map as a lab configuration: the map's own settings with the cell's two values. */
function cellConfig(evenings: EveningSequences, cell: number) {
  const { config, x, y } = evenings.map;
  const columns = x.values.length;
  return {
    ...config,
    [x.field]: known(x.values[cell % columns]),
    [y.field]: known(y.values[Math.floor(cell / columns)]),
  };
}

/** The cell of the map's own run: where the ring goes. */
function ringCell(evenings: EveningSequences) {
  const { config, x, y } = evenings.map;
  return y.values.indexOf(config[y.field]) * x.values.length + x.values.indexOf(config[x.field]);
}

/**
 * What a judged statement did, said as the outcome map says its runs: counts over the map's evenings and across
 * services, an example to open in the lab, the cases made by hand, and what the mistakes found mean.
 */
export function FenceResultView({ result, evenings }: { result: ExerciseResult; evenings: EveningSequences }) {
  const example = result.map.example === null ? null : cellConfig(evenings, result.map.example);
  const exampleText = example
    ? fillTemplate(LABELS.example, { ttl: formatTick(example.ttlMs), pause: formatTick(example.pauseMs) })
    : '';
  const evening = {
    evenings: count(result.map.evenings),
    withStale: count(result.map.withStale),
    example: exampleText,
  };
  const outcomeAt = (cell: number): CellOutcome => {
    const sequence = known(evenings.map.cells[cell]);
    return sequence < 0 ? 'none' : known(result.outcomes[sequence]);
  };
  const cells = [...evenings.map.cells.keys()];
  const { x, y } = evenings.map;
  const axes = fillTemplate(LABELS.mapAxes, {
    from: formatTick(known(x.values[0])),
    to: formatTick(known(x.values.at(-1))),
    fromPause: formatTick(known(y.values[0])),
    toPause: formatTick(known(y.values.at(-1))),
  });
  const failed = result.failed?.run;
  return (
    <div className={styles.result}>
      {failed?.kind === 'failed' && (
        <p role="alert" className={styles.failed}>
          {fillTemplate(RESULT.failed, { message: failed.error.message })}
          {/* Postgres's words for a $4 name the protocol, not the exercise's rule. */}
          {failed.error.message.startsWith('bind message supplies') && ` ${EXERCISE.status.parameters}`}
        </p>
      )}
      {failed?.kind === 'ran' && (
        <p role="alert" className={styles.failed}>
          {fillTemplate(RESULT.otherTable, { tables: failed.otherTables.join(', ') })}
        </p>
      )}
      {!failed && result.passed && (
        <p className={styles.passed}>
          {fillTemplate(RESULT.passed, {
            withStale: count(result.map.withStale),
            evenings: count(result.map.evenings),
            sequences: count(result.map.sequences),
            across: count(result.across.sequences),
          })}
        </p>
      )}
      {!failed && !result.passed && (
        <div className={styles.failed}>
          {result.map.staleLanded > 0 && (
            <p>{fillTemplate(RESULT.staleLanded, { ...evening, count: count(result.map.staleLanded) })}</p>
          )}
          {result.map.freshRefused > 0 && (
            <p>{fillTemplate(RESULT.freshRefused, { ...evening, count: count(result.map.freshRefused) })}</p>
          )}
          {result.map.staleLanded + result.map.freshRefused === 0 && (
            <p>{fillTemplate(RESULT.mapRight, { evenings: count(result.map.evenings) })}</p>
          )}
          {example && (
            <p>
              <a href={labPageUrl(window.location.href, example)}>{LABELS.open}</a>
            </p>
          )}
          <p>
            {fillTemplate(RESULT.across, {
              across: count(result.across.sequences),
              stale: count(result.across.staleLanded),
              fresh: count(result.across.freshRefused),
            })}
          </p>
        </div>
      )}
      {result.mistakes.length > 0 && (
        <div className={styles.mistakes}>
          {result.mistakes.map((mistake) => (
            // Rendered from content/ at build time, with its citations: no learner input reaches this HTML.
            <div
              key={mistake}
              className={styles.mistake}
              dangerouslySetInnerHTML={{ __html: EXERCISE.mistakes[mistake] }}
            />
          ))}
        </div>
      )}
      {!failed && (
        <>
          <h4>{LABELS.cases}</h4>
          <ul className={styles.cases}>
            {HAND_CASE_IDS.map((id) => {
              const verdict = result.hand[id];
              const right = verdict.problems.length === 0 && !verdict.failed;
              return (
                <li key={id}>
                  <strong>{right ? LABELS.caseOk : LABELS.caseWrong}:</strong> {EXERCISE.cases[id]}
                </li>
              );
            })}
          </ul>
          {result.firstRowLeft && <p className={styles.note}>{RESULT.firstRowLeft}</p>}
          <div className={styles.maps}>
            <StatementMap
              title={LABELS.yourMap}
              axes={axes}
              outcomes={cells.map(outcomeAt)}
              columns={x.values.length}
              ring={ringCell(evenings)}
            />
            <StatementMap
              title={LABELS.lessonMap}
              axes={axes}
              outcomes={cells.map((cell) => {
                const sequence = known(evenings.map.cells[cell]);
                return sequence < 0 ? 'none' : known(result.lessonOutcomes[sequence]);
              })}
              columns={x.values.length}
              ring={ringCell(evenings)}
            />
          </div>
          <p className={styles.note}>{axes}</p>
          <MapKey />
        </>
      )}
    </div>
  );
}

function MapKey() {
  const items = [
    ['kept', LABELS.kept],
    ['noStale', LABELS.noStale],
    ['staleLanded', LABELS.staleLanded],
    ['freshRefused', LABELS.freshRefused],
  ] as const;
  return (
    <ul className={styles.key} aria-label={LABELS.mapKey}>
      {items.map(([outcome, label]) => (
        <li key={outcome}>
          <span className={`${styles.swatch} ${styles[`${outcome}Swatch`]}`} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

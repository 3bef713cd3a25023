import postgres from 'virtual:lockstep/postgres';
import { fillTemplate } from '@/content/fill-template';
import { formatTime } from '@/story/format';
import type { Cell, StatementOutcome } from './console-engine';
import { CELL_CHARACTERS, OUTPUT_CELLS, OUTPUT_CHARACTERS, SHOWN_STATEMENTS } from './console-limits';
import styles from './real-postgres.module.css';

const PANEL = postgres.panel;
const LABELS = postgres.labels.console;

/** What a console run drew: each statement's result or error, within the console's limits, and how long it took. */
export function ConsoleResult({ statements, ms }: { statements: readonly StatementOutcome[]; ms: number | null }) {
  return (
    <>
      {statements.slice(0, SHOWN_STATEMENTS).map((outcome, index) => (
        <div key={index} className={styles.consoleResult}>
          {outcome.kind === 'refused' && <p className={styles.pgError}>{PANEL[outcome.refusal]}</p>}
          {outcome.kind === 'failed' && (
            <p className={styles.pgError}>
              {fillTemplate(
                !outcome.error.code ? LABELS.error : outcome.error.position ? LABELS.errorCodeAt : LABELS.errorCode,
                {
                  message: outcome.error.more
                    ? `${outcome.error.message}${fillTemplate(PANEL.messageCut, { count: outcome.error.more.toLocaleString('en') })}`
                    : outcome.error.message,
                  code: outcome.error.code ?? '',
                  position: String(outcome.error.position ?? ''),
                },
              )}
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
                          <td key={position} className={value === null ? styles.null : undefined}>
                            <CellView cell={value} />
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              {outcome.rowCount > outcome.rows.length && (
                <p className={styles.rowsShown}>
                  {fillTemplate(PANEL.rowsShown, {
                    shown: String(outcome.rows.length),
                    count: outcome.rowCount.toLocaleString('en'),
                  })}
                  {outcome.outputLimited &&
                    ` ${fillTemplate(PANEL.outputLimited, {
                      characters: OUTPUT_CHARACTERS.toLocaleString('en'),
                      cells: OUTPUT_CELLS.toLocaleString('en'),
                    })}`}
                </p>
              )}
              <p className={styles.tag} data-testid="command-tag">
                {outcome.tag}
              </p>
            </>
          )}
        </div>
      ))}
      {statements.length > SHOWN_STATEMENTS && (
        <p className={styles.rowsShown}>
          {fillTemplate(PANEL.statementsShown, {
            shown: String(SHOWN_STATEMENTS),
            count: statements.length.toLocaleString('en'),
            failed: statements.filter((outcome) => outcome.kind !== 'ran').length.toLocaleString('en'),
          })}
        </p>
      )}
      {ms !== null && <p className={styles.timing}>{fillTemplate(LABELS.took, { time: formatTime(ms) })}</p>}
    </>
  );
}

/** A value as kept: whole, or its first CELL_CHARACTERS and a count of the rest. */
function CellView({ cell }: { cell: Cell }) {
  if (cell === null) return 'NULL';
  if (typeof cell === 'string') return cell;
  return (
    <>
      {cell.start}
      <span className={styles.cellCut}>
        {fillTemplate(PANEL.cellCut, {
          count: cell.more.toLocaleString('en'),
          limit: CELL_CHARACTERS.toLocaleString('en'),
        })}
      </span>
    </>
  );
}

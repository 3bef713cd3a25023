import type { Element, ScormVersion } from './scorm-api';

/** Where the learner stands, in the terms an LMS grades. */
export interface Standing {
  readonly walkthroughDone: boolean;
  readonly quizDone: boolean;
  readonly quizRight: number;
  readonly quizTotal: number;
}

/**
 * The values to set in the LMS for this standing. Complete once the walkthrough has been stepped to its end and
 * every quiz question checked; the score is the quiz's, judged against the passing score the LMS read from the
 * manifest (`passing`, empty when it has none).
 */
export function lmsValues(version: ScormVersion, standing: Standing, passing: string): [Element, string][] {
  const complete = standing.walkthroughDone && standing.quizDone;
  const scaled = standing.quizTotal > 0 ? standing.quizRight / standing.quizTotal : 0;
  const score: [Element, string][] = [
    ['score.raw', String(Math.round(scaled * 100))],
    ['score.min', '0'],
    ['score.max', '100'],
  ];
  const threshold = passing.trim() === '' ? null : Number(passing);
  if (version === '1.2') {
    // SCORM 1.2 has one status: incomplete until both parts are done, then passed or failed against the mastery
    // score (0 to 100, compared with the exact percentage, as 2004 compares the scaled score), or completed when
    // the course has none. The score is sent only then: Moodle's default "mastery score overrides status" would
    // otherwise turn an early quiz score into a pass before the walkthrough is done.
    if (!complete) return [['lesson_status', 'incomplete']];
    const status =
      threshold === null || Number.isNaN(threshold) ? 'completed' : scaled * 100 >= threshold ? 'passed' : 'failed';
    return [...score, ['lesson_status', status]];
  }
  const success =
    !standing.quizDone || threshold === null || Number.isNaN(threshold)
      ? 'unknown'
      : scaled >= threshold
        ? 'passed'
        : 'failed';
  return [
    ...(standing.quizDone ? score : []),
    ...(standing.quizDone ? ([['score.scaled', scaled.toFixed(4).replace(/\.?0+$/, '')]] as [Element, string][]) : []),
    ['completion_status', complete ? 'completed' : 'incomplete'],
    ['success_status', success],
  ];
}

/** How long the session lasted, in each version's format (1.2: HHHH:MM:SS.SS; 2004: ISO 8601 duration). */
export function sessionTime(version: ScormVersion, milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 10) / 100);
  if (version === '2004') return `PT${seconds}S`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = (seconds % 60).toFixed(2).padStart(5, '0');
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

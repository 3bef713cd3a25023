import type { Element, ScormVersion } from './scorm-api';

/** Where the learner stands, in the terms an LMS grades. */
export interface Standing {
  readonly walkthroughDone: boolean;
  readonly quizDone: boolean;
  /** Questions checked so far (all of them when `quizDone`). */
  readonly quizChecked: number;
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
  const graded = threshold !== null && !Number.isNaN(threshold);
  if (version === '1.2') {
    // SCORM 1.2 has one status. With a mastery score it is passed or failed as soon as the quiz is answered (0 to
    // 100, compared with the exact percentage, as 2004 compares the scaled score), walkthrough seen or not: Moodle's
    // "mastery score overrides status" would make it so from the score anyway. Without one, completed once both
    // parts are done. Until then incomplete, with no score.
    if (!standing.quizDone) return [['lesson_status', 'incomplete']];
    if (graded) return [...score, ['lesson_status', scaled * 100 >= threshold ? 'passed' : 'failed']];
    return [...score, ['lesson_status', complete ? 'completed' : 'incomplete']];
  }
  const success = !standing.quizDone || !graded ? 'unknown' : scaled >= threshold ? 'passed' : 'failed';
  // How far the learner got: the walkthrough counts as one part, each question as another.
  const progress = (Number(standing.walkthroughDone) + standing.quizChecked) / (1 + standing.quizTotal);
  return [
    ...(standing.quizDone ? score : []),
    ...(standing.quizDone ? ([['score.scaled', decimal(scaled)]] as [Element, string][]) : []),
    ['completion_status', complete ? 'completed' : 'incomplete'],
    ['success_status', success],
    ['progress_measure', decimal(progress)],
  ];
}

/** A number from 0 to 1 as SCORM 2004 takes it (real(10,7)): at most four decimals, no trailing zeros. */
const decimal = (fraction: number) => fraction.toFixed(4).replace(/\.?0+$/, '');

/** How long the session lasted, in each version's format (1.2: HHHH:MM:SS.SS; 2004: ISO 8601 duration). */
export function sessionTime(version: ScormVersion, milliseconds: number): string {
  const seconds = Math.max(0, Math.round(milliseconds / 10) / 100);
  if (version === '2004') return `PT${seconds}S`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = (seconds % 60).toFixed(2).padStart(5, '0');
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}

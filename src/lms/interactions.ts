import type { QuizQuestion } from '@/content/types';
import { rightAnswerIds, scoreAnswer } from '@/progress/score';
import type { ScormVersion } from './scorm-api';

/** One checked answer, as a gradebook's interaction report lists it. */
export interface CheckedAnswer {
  readonly question: QuizQuestion;
  readonly response: readonly string[];
  readonly at: Date;
}

/** The right response: the answer or answers, or the items in their right order. */
const key = (question: QuizQuestion) =>
  question.kind === 'order' ? question.items.map((item) => item.id) : rightAnswerIds(question);

/**
 * SCORM 1.2 takes a choice or sequencing response as single characters, 0-9 and a-z, separated by commas (RTE
 * 3.4.2.7.5): each option or item becomes the letter of its place in the question.
 */
function letters(question: QuizQuestion, ids: readonly string[]): string {
  const all = question.kind === 'order' ? question.items : question.options;
  return ids
    .map((id) => all.findIndex((entry) => entry.id === id))
    .filter((index) => index >= 0)
    .map((index) => String.fromCharCode(97 + index))
    .join(',');
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * SCORM 1.2's CMITime (time of day, HH:MM:SS) and 2004's time(second,10,0) in UTC: its format lets the zone follow
 * only a fraction of a second (YYYY-MM-DDThh:mm:ss.sTZD), so "…:03Z" is refused and "…:03.0Z" taken.
 */
const timeOfDay = (at: Date) => `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`;
const timestamp = (at: Date) =>
  `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${timeOfDay(at)}.${Math.floor(at.getUTCMilliseconds() / 100)}Z`;

/** 2004's description is a localized string of at most 250 characters; the prompt's code marks are dropped. */
const description = (prompt: string) => {
  const plain = prompt.replace(/`/g, '').replace(/\s+/g, ' ').trim();
  return plain.length <= 250 ? plain : `${plain.slice(0, 249)}…`;
};

/**
 * The elements and values that report one checked answer as interaction `index`, in the order SCORM 2004 requires
 * (its type before its responses, else error 408). Written once, never again: many LMSs journal interactions.
 */
export function interactionValues(version: ScormVersion, index: number, answer: CheckedAnswer): [string, string][] {
  const { question, response, at } = answer;
  const prefix = `cmi.interactions.${index}`;
  const type = question.kind === 'order' ? 'sequencing' : 'choice';
  const correct = scoreAnswer(question, response).correct;
  if (version === '1.2') {
    return [
      [`${prefix}.id`, question.id],
      [`${prefix}.type`, type],
      [`${prefix}.student_response`, letters(question, response)],
      [`${prefix}.correct_responses.0.pattern`, letters(question, key(question))],
      [`${prefix}.result`, correct ? 'correct' : 'wrong'],
      [`${prefix}.time`, timeOfDay(at)],
    ];
  }
  return [
    [`${prefix}.id`, question.id],
    [`${prefix}.type`, type],
    [`${prefix}.description`, description(question.prompt)],
    [`${prefix}.learner_response`, response.join('[,]')],
    [`${prefix}.correct_responses.0.pattern`, key(question).join('[,]')],
    [`${prefix}.result`, correct ? 'correct' : 'incorrect'],
    [`${prefix}.timestamp`, timestamp(at)],
  ];
}

import type { QuizQuestion } from '@/content/types';

/** Whether a response is right, and for each option or item whether the learner got it right. */
export interface Score {
  readonly correct: boolean;
  /** Option or item id → was the learner's choice (or position) for it right? */
  readonly verdicts: Readonly<Record<string, boolean>>;
}

/** The options a choice question counts as right: the one answer, or every one of the answers. */
export function rightAnswerIds(question: Exclude<QuizQuestion, { kind: 'order' }>): readonly string[] {
  return question.kind === 'single' ? [question.answer] : question.answers;
}

export function scoreAnswer(question: QuizQuestion, response: readonly string[]): Score {
  switch (question.kind) {
    case 'single':
    case 'multiple': {
      const rightIds = rightAnswerIds(question);
      const verdicts = Object.fromEntries(
        question.options.map((option) => [option.id, rightIds.includes(option.id) === response.includes(option.id)]),
      );
      return { correct: Object.values(verdicts).every(Boolean), verdicts };
    }
    case 'order': {
      const verdicts = Object.fromEntries(question.items.map((item, index) => [item.id, response[index] === item.id]));
      return { correct: response.length === question.items.length && Object.values(verdicts).every(Boolean), verdicts };
    }
  }
}

/** The order a question starts in, or the learner's order if it is a valid arrangement of the same items. */
export function currentOrder(
  question: Extract<QuizQuestion, { kind: 'order' }>,
  response: readonly string[] | undefined,
) {
  const ids = question.items.map((item) => item.id);
  const valid = response && response.length === ids.length && ids.every((id) => response.includes(id));
  return valid ? [...response] : [...question.startOrder];
}

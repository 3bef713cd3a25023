import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@/content/build/schemas/quiz';
import { currentOrder, rightAnswerIds, scoreAnswer } from './score';

const option = (id: string) => ({ id, text: id, explanation: id });
const single: QuizQuestion = {
  id: 's',
  kind: 'single',
  section: 'x',
  prompt: 'p',
  options: ['a', 'b', 'c'].map(option),
  answer: 'b',
};
const multiple: QuizQuestion = {
  id: 'm',
  kind: 'multiple',
  section: 'x',
  prompt: 'p',
  options: ['a', 'b', 'c'].map(option),
  answers: ['a', 'c'],
};
const order: Extract<QuizQuestion, { kind: 'order' }> = {
  id: 'o',
  kind: 'order',
  section: 'x',
  prompt: 'p',
  items: ['first', 'second', 'third'].map(option),
  startOrder: ['third', 'first', 'second'],
};

describe('quiz.scoreAnswer', () => {
  it('marks a single choice right only for the answer', () => {
    expect(scoreAnswer(single, ['b']).correct).toBe(true);
    expect(scoreAnswer(single, ['a'])).toEqual({ correct: false, verdicts: { a: false, b: false, c: true } });
  });

  it('needs exactly the right set for a multiple choice', () => {
    expect(scoreAnswer(multiple, ['c', 'a']).correct).toBe(true);
    expect(scoreAnswer(multiple, ['a']).correct).toBe(false);
    expect(scoreAnswer(multiple, ['a', 'b', 'c']).correct).toBe(false);
  });

  it('checks every position of an order question', () => {
    expect(scoreAnswer(order, ['first', 'second', 'third']).correct).toBe(true);
    expect(scoreAnswer(order, ['second', 'first', 'third'])).toEqual({
      correct: false,
      verdicts: { first: false, second: false, third: true },
    });
  });
});

describe('quiz.currentOrder', () => {
  it('an order with an item too many or too few is not right, even if its first positions are', () => {
    expect(scoreAnswer(order, ['first', 'second', 'third', 'third']).correct).toBe(false);
    expect(scoreAnswer(order, ['first', 'second', 'third', 'extra']).correct).toBe(false);
    expect(scoreAnswer(order, ['first', 'second']).correct).toBe(false);
    expect(scoreAnswer(order, []).correct).toBe(false);
  });

  it('starts from the start order and keeps a valid learner order', () => {
    expect(currentOrder(order, undefined)).toEqual(['third', 'first', 'second']);
    expect(currentOrder(order, ['second', 'third', 'first'])).toEqual(['second', 'third', 'first']);
    expect(currentOrder(order, ['second', 'nonsense', 'first'])).toEqual(['third', 'first', 'second']);
  });
});

describe('quiz.rightAnswerIds and the verdict on each option', () => {
  it('counts the one answer of a single choice, or every answer of a multiple choice', () => {
    expect(rightAnswerIds(single)).toEqual(['b']);
    expect(rightAnswerIds(multiple)).toEqual(['a', 'c']);
  });

  it('marks each option right when it is chosen exactly if it is an answer', () => {
    expect(scoreAnswer(multiple, ['a', 'b'])).toEqual({ correct: false, verdicts: { a: true, b: false, c: false } });
    expect(scoreAnswer(single, ['b'])).toEqual({ correct: true, verdicts: { a: true, b: true, c: true } });
    expect(scoreAnswer(single, []).correct).toBe(false);
  });

  it('keeps only an arrangement of exactly the question’s items', () => {
    expect(currentOrder(order, ['first', 'first', 'second'])).toEqual(['third', 'first', 'second']);
    expect(currentOrder(order, ['first', 'second', 'third', 'third'])).toEqual(['third', 'first', 'second']);
    expect(currentOrder(order, [])).toEqual(['third', 'first', 'second']);
    expect(currentOrder(order, ['first', 'second', 'third'])).toEqual(['first', 'second', 'third']);
  });
});

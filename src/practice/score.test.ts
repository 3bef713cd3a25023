import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@/content/schemas/quiz';
import { currentOrder, scoreAnswer } from './score';

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

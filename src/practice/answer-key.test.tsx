import practice from 'virtual:lockstep/practice';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import AnswerKey from './answer-key';

describe('<AnswerKey>', () => {
  it('gives every question, in the quiz’s order, with its right answers and none of the wrong ones', () => {
    render(<AnswerKey />);
    const key = screen.getByRole('region', { name: 'Answer key' });
    const entries = within(key).getAllByRole('listitem');
    expect(entries).toHaveLength(practice.quiz.length);
    practice.quiz.forEach((question, index) => {
      const answer = entries[index]!.querySelector('strong')!.textContent!;
      expect(entries[index]).toHaveTextContent(question.prompt.replaceAll('`', ''));
      if (question.kind === 'order') {
        expect(answer).toBe(question.items.map((item) => item.text).join(' → '));
        return;
      }
      const right = question.kind === 'single' ? [question.answer] : question.answers;
      for (const option of question.options)
        expect(answer.includes(option.text.replaceAll('`', '')), `${question.id} ${option.id}`).toBe(
          right.includes(option.id),
        );
    });
  });
});

describe('what the practice says of the Redlock debate (fidelity review, third read, §1.8)', () => {
  // antirez answered the clock jump (slew, do not step; a monotonic clock for Redis): what stands is narrower.
  const objections = practice.quiz.find((question) => question.id === 'redlock-objections');
  const texts = [
    objections && 'options' in objections ? objections.options.find((option) => option.id === 'b')?.explanation : '',
    practice.interview.find((question) => question.id === 'redlock-debate')?.modelAnswerHtml,
  ];

  it('quiz redlock-objections (b) and interview redlock-debate give antirez’s answer and what still stands', () => {
    for (const text of texts) {
      expect(text).not.toMatch(/jump stands/);
      expect(text).toMatch(/slew/);
      expect(text).toMatch(/monotonic clock/);
      expect(text).toMatch(/wall clock/);
    }
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import practice from 'virtual:lockstep/practice';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEY } from '@/progress/storage-key';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { InterviewQuestionView } from './interview';

describe('<InterviewQuestionView>', () => {
  it('keeps the draft, reveals the model answer, and counts the rubric points ticked', async () => {
    const user = userEvent.setup();
    const question = practice.interview[0]!;
    const { storage } = renderWalkthrough(<InterviewQuestionView question={question} number={1} />);
    await user.type(
      screen.getByRole('textbox', { name: 'Your answer to interview question 1' }),
      'SET NX PX, then fence',
    );
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).interview[question.id].draft).toBe('SET NX PX, then fence');
    expect(screen.queryByRole('heading', { name: 'Our answer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show our answer to question 1' }));
    expect(screen.getByRole('heading', { name: 'Our answer' })).toBeInTheDocument();
    expect(screen.getByText(/Start by asking what the lock is for/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Proposed fencing tokens checked by the storage' }));
    expect(screen.getByText(`Points you covered: 1 of ${question.rubric.length}`)).toBeInTheDocument();
  });

  it('puts what the learner wrote on paper as text, and nothing where they wrote nothing', async () => {
    const user = userEvent.setup();
    const question = practice.interview[0]!;
    const { container } = renderWalkthrough(<InterviewQuestionView question={question} number={1} />);
    // Nothing written, or only spaces: no empty box and no empty line for paper.
    const onPaper = () => container.querySelector('[aria-hidden="true"]:not(svg)');
    expect(onPaper()).toBeNull();
    const box = screen.getByRole('textbox', { name: 'Your answer to interview question 1' });
    await user.type(box, '   ');
    expect(onPaper()).toBeNull();
    await user.clear(box);
    await user.type(box, 'Fence the write{Enter}and read the row count');
    expect(onPaper()).toHaveTextContent('Fence the write and read the row count');
    expect(onPaper()!.textContent).toBe('Fence the write\nand read the row count');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import practice from 'virtual:lockstep/practice';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, renderWalkthrough } from '@/testing/render-walkthrough';
import QuizOneAtATime from './quiz-one-at-a-time';

const count = practice.quiz.length;
const place = () => screen.getByText(/^Question \d+ of \d+$/);
const button = (name: string) => screen.getByRole('button', { name });

describe('<QuizOneAtATime>', () => {
  it('shows one question, where it is in the quiz, and moves by Previous and Next to both ends', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizOneAtATime authorTools={false} />);
    expect(screen.getAllByRole('form')).toHaveLength(1);
    expect(place()).toHaveTextContent(`Question 1 of ${count}`);
    expect(screen.getByText('Question 1.')).toBeInTheDocument();
    expect(button('Previous question')).toBeDisabled();
    await user.click(button('Next question'));
    expect(place()).toHaveTextContent(`Question 2 of ${count}`);
    expect(screen.getByText('Question 2.')).toBeInTheDocument();
    expect(screen.getByRole('form')).toHaveAccessibleName(new RegExp(practice.quiz[1]!.prompt.slice(0, 20)));
    // Focus goes to the new place in the quiz, so a screen reader hears it.
    await vi.waitFor(() => expect(place()).toHaveFocus());
    expect(button('Previous question')).toBeEnabled();
    for (let at = 2; at < count; at++) await user.click(button('Next question'));
    expect(place()).toHaveTextContent(`Question ${count} of ${count}`);
    expect(button('Next question')).toBeDisabled();
    await user.click(button('Previous question'));
    expect(place()).toHaveTextContent(`Question ${count - 1} of ${count}`);
    expect(screen.queryByRole('button', { name: /Copy embed code/ })).toBeNull();
  });

  it('opens on the first question not yet checked, keeps the score, and starts again at the first', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const first = renderWalkthrough(<QuizOneAtATime authorTools={false} />, {}, storage);
    expect(button('Start the quiz again')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /^Nothing enforces it/ }));
    await user.click(button('Check answer 1'));
    expect(screen.getByText(/^Score:/)).toHaveTextContent(`Score: 1 of ${count} right (${count - 1} not answered yet)`);
    first.unmount();

    renderWalkthrough(<QuizOneAtATime authorTools={false} />, {}, storage);
    expect(place()).toHaveTextContent(`Question 2 of ${count}`);
    await user.click(button('Start the quiz again'));
    expect(place()).toHaveTextContent(`Question 1 of ${count}`);
    expect(screen.getByText(/^Score:/)).toHaveTextContent(`Score: 0 of ${count} right`);
  });

  it('offers the embed codes with author tools', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizOneAtATime authorTools />);
    expect(button('Copy embed code for the quiz')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Nothing enforces it/ }));
    await user.click(button('Check answer 1'));
    expect(button('Copy embed code for question 1')).toBeInTheDocument();
  });
});

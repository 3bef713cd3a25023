import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import practice from 'virtual:lockstep/practice';
import { describe, expect, it } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import Quiz, { QuizQuestionView } from './quiz';

const question = (id: string) => {
  const found = practice.quiz.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no question ${id}`);
  return found;
};

describe('<QuizQuestionView> single choice', () => {
  it('marks a wrong answer, explains every option, links to the section, and can be retried', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('snip-weekly-email')} number={14} />);
    await user.click(screen.getByRole('radio', { name: /^Yes: a majority of five nodes/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 14' }));
    expect(screen.getByText('Not quite: see why under each answer.')).toBeInTheDocument();
    expect(screen.getByText(/Redlock does not stop duplicates/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Read: (?!the-practical-lesson)/ })).toHaveAttribute(
      'href',
      '#the-practical-lesson',
    );
    await user.click(screen.getByRole('button', { name: 'Try question 14 again' }));
    expect(screen.getByRole('radio', { name: /^Yes: a majority/ })).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: /^No: it is an efficiency lock/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 14' }));
    expect(screen.getByText('Correct.')).toBeInTheDocument();
  });

  it('is answered from the keyboard alone', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('who-checks')} number={8} />);
    await user.tab();
    expect(screen.getAllByRole('radio')[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: /storage that receives the write/ })).toBeChecked();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Correct.')).toBeInTheDocument();
  });
});

describe('<QuizQuestionView> feedback says with colour and words the same thing', () => {
  const optionOf = (text: RegExp) => screen.getByText(text).closest('[data-judgement]')!;

  it("marks the learner's wrong pick wrong, the right answer right in the positive colour, the rest neutral", async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('snip-weekly-email')} number={14} />);
    await user.click(screen.getByRole('radio', { name: /^Yes: a majority of five nodes/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 14' }));
    const picked = optionOf(/^Yes: a majority of five nodes/);
    expect(picked).toHaveAttribute('data-judgement', 'pickedWrong');
    expect(picked).toHaveTextContent('Your answer: wrong.');
    const right = optionOf(/^No: it is an efficiency lock/);
    expect(right).toHaveAttribute('data-judgement', 'rightAnswer');
    expect(right).toHaveTextContent('The right answer.');
    const others = [...document.querySelectorAll('[data-judgement]')].filter(
      (option) => option !== picked && option !== right,
    );
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      expect(other).toHaveAttribute('data-judgement', 'neutral');
      expect(other).not.toHaveTextContent(/Your answer|The right answer/);
    }
  });

  it('marks a right pick right, and never says "Right" twice', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('snip-weekly-email')} number={14} />);
    await user.click(screen.getByRole('radio', { name: /^No: it is an efficiency lock/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 14' }));
    expect(optionOf(/^No: it is an efficiency lock/)).toHaveAttribute('data-judgement', 'pickedRight');
    expect(document.querySelectorAll('[data-judgement] p').length).toBeGreaterThan(0);
    for (const explanation of document.querySelectorAll('[data-judgement] p'))
      expect(explanation.textContent).not.toMatch(/Right\.\s*Right|right\.\s*Right\./);
  });

  it('keeps focus on the question after Check answer', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('snip-weekly-email')} number={14} />);
    await user.click(screen.getByRole('radio', { name: /^No: it is an efficiency lock/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 14' }));
    expect(screen.getByRole('form')).toHaveFocus();
  });
});

describe('<QuizQuestionView> multiple choice', () => {
  it('needs every right option and none of the wrong ones', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('redlock-objections')} number={15} />);
    await user.click(screen.getByRole('checkbox', { name: 'It produces no fencing tokens.' }));
    await user.click(screen.getByRole('button', { name: 'Check answer 15' }));
    expect(screen.getByText('Not quite: see why under each answer.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try question 15 again' }));
    await user.click(screen.getByRole('checkbox', { name: 'It produces no fencing tokens.' }));
    await user.click(screen.getByRole('checkbox', { name: /It assumes delays, pauses and clock errors/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 15' }));
    expect(screen.getByText('Correct.')).toBeInTheDocument();
  });
});

describe('<QuizQuestionView> multiple choice by keyboard', () => {
  it('ticks options with Space and checks with Enter', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('pause-causes')} number={6} />);
    const boxes = screen.getAllByRole('checkbox');
    for (const box of boxes.slice(0, 4)) {
      box.focus();
      await user.keyboard(' ');
    }
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true, true, false]);
    screen.getByRole('button', { name: 'Check answer 6' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Correct.')).toBeInTheDocument();
  });
});

describe('<QuizQuestionView> order', () => {
  it('is put in order with the move buttons, by keyboard, and links to the walkthrough step', async () => {
    const user = userEvent.setup();
    const ordered = question('timeline-order');
    if (ordered.kind !== 'order') throw new Error('expected an order question');
    renderWalkthrough(<QuizQuestionView question={ordered} number={7} />);
    // Repeatedly move each item, in the right order, to the top of the remaining list, by keyboard.
    for (const [target, item] of ordered.items.entries()) {
      const items = () =>
        within(screen.getByRole('list'))
          .getAllByRole('listitem')
          .map((li) => li.textContent ?? '');
      while (items().findIndex((text) => text.startsWith(item.text)) > target) {
        screen.getByRole('button', { name: `Move up: ${item.text}` }).focus();
        await user.keyboard('{Enter}');
      }
    }
    await user.click(screen.getByRole('button', { name: 'Check answer 7' }));
    expect(screen.getByText('Correct.')).toBeInTheDocument();
    expect(screen.getAllByText(/^In the right place\.\s*$/)).toHaveLength(ordered.items.length);
    expect(screen.getByRole('link', { name: /See it in the walkthrough: step 19, fencing on/ })).toHaveAttribute(
      'href',
      '?step=19&fencing=on#walkthrough',
    );
  });

  it('says which items are out of place when checked as given', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('timeline-order')} number={7} />);
    await user.click(screen.getByRole('button', { name: 'Check answer 7' }));
    expect(screen.getByText('Not quite: see why under each answer.')).toBeInTheDocument();
    expect(screen.getAllByText(/^Not in the right place\.\s*$/).length).toBeGreaterThan(0);
    const rightOrder = screen.getByText('The right order:').nextElementSibling!;
    const ordered = question('timeline-order');
    if (ordered.kind !== 'order') throw new Error('timeline-order is an order question');
    expect([...rightOrder.querySelectorAll('li')].map((item) => item.textContent)).toEqual(
      ordered.items.map((item) => item.text),
    );
  });
});

describe('<Quiz>', () => {
  it('keeps a score and starts again on request', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<Quiz />);
    const score = screen.getByText(/^Score:/);
    expect(score).toHaveTextContent(`Score: 0 of ${practice.quiz.length} right`);
    // How many are checked, which paper reads: a score of nothing is left off the handout.
    expect(score).toHaveAttribute('data-checked', '0');
    await user.click(screen.getByRole('radio', { name: /^Nothing enforces it/ }));
    await user.click(screen.getByRole('button', { name: 'Check answer 1' }));
    expect(score).toHaveTextContent(
      `Score: 1 of ${practice.quiz.length} right (${practice.quiz.length - 1} not answered yet)`,
    );
    expect(score).toHaveAttribute('data-checked', '1');
    await user.click(screen.getByRole('button', { name: 'Start the quiz again' }));
    expect(score).toHaveTextContent(`Score: 0 of ${practice.quiz.length} right`);
    expect(score).toHaveAttribute('data-checked', '0');
  });
});

describe('<QuizQuestionView> what can be done when', () => {
  it('multiple choice: asks for every answer that applies, and unticks as well as ticks', async () => {
    const user = userEvent.setup();
    const { progressStore } = renderWalkthrough(<QuizQuestionView question={question('pause-causes')} number={6} />);
    expect(screen.getByRole('group', { name: 'Choose all that apply' })).toBeInTheDocument();
    const check = screen.getByRole('button', { name: 'Check answer 6' });
    expect(check).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^A stop-the-world garbage collection/ }));
    await user.click(screen.getByRole('checkbox', { name: /^A network that holds packets/ }));
    await user.click(screen.getByRole('checkbox', { name: /^A stop-the-world garbage collection/ }));
    expect(progressStore.getState().quiz['pause-causes']).toEqual({ response: ['b'], checked: false });
    expect(check).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /^A network that holds packets/ }));
    expect(check).toBeDisabled();
  });

  it('single choice: asks for one, and cannot be changed once checked, until tried again', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<QuizQuestionView question={question('who-checks')} number={8} />);
    const group = screen.getByRole('group', { name: 'Choose one' });
    await user.click(within(group).getAllByRole('radio')[0]!);
    await user.click(screen.getByRole('button', { name: 'Check answer 8' }));
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try question 8 again' }));
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toBeEnabled();
  });

  it('order: can be checked as given; the first item cannot go up, nor the last down', async () => {
    const user = userEvent.setup();
    const ordered = question('timeline-order');
    if (ordered.kind !== 'order') throw new Error('expected an order question');
    renderWalkthrough(<QuizQuestionView question={ordered} number={7} />);
    expect(screen.getByRole('button', { name: 'Check answer 7' })).toBeEnabled();
    const textOf = (id: string) => ordered.items.find((item) => item.id === id)!.text;
    const first = textOf(ordered.startOrder[0]!);
    const last = textOf(ordered.startOrder.at(-1)!);
    expect(screen.getByRole('button', { name: `Move up: ${first}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Move down: ${first}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Move down: ${last}` })).toBeDisabled();
    expect(screen.getByRole('button', { name: `Move up: ${last}` })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: `Move down: ${first}` }));
    const shown = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(shown[0]).toContain(textOf(ordered.startOrder[1]!));
    expect(shown[1]).toContain(first);
  });
});

describe('<Quiz> as a whole', () => {
  it('is headed at the level its page asks for', () => {
    const { unmount } = renderWalkthrough(<Quiz />);
    expect(screen.getByRole('heading', { name: 'Quiz', level: 3 })).toBeInTheDocument();
    unmount();
    renderWalkthrough(<Quiz headingLevel={2} />);
    expect(screen.getByRole('heading', { name: 'Quiz', level: 2 })).toBeInTheDocument();
  });

  it('offers no fresh start before anything is answered', () => {
    renderWalkthrough(<Quiz />);
    expect(screen.getByRole('button', { name: 'Start the quiz again' })).toBeDisabled();
  });

  it('counts only checked answers, right ones as right, and drops "not answered" once all are checked', () => {
    const { progressActions } = renderWalkthrough(<Quiz />);
    const score = screen.getByText(/^Score:/);
    const count = practice.quiz.length;
    const rightOf = (asked: (typeof practice.quiz)[number]) =>
      asked.kind === 'order'
        ? asked.items.map((item) => item.id)
        : asked.kind === 'single'
          ? [asked.answer]
          : asked.answers;
    const [first, ...rest] = practice.quiz;
    const last = rest.pop()!;
    act(() => {
      // The first checked wrong, the middle ones right, the last answered right but not checked.
      progressActions.check(first!.id, first!.kind === 'order' ? [...first!.startOrder] : ['no-such-option']);
      for (const asked of rest) progressActions.check(asked.id, rightOf(asked));
      progressActions.respond(last.id, rightOf(last));
    });
    expect(score.textContent).toBe(`Score: ${count - 2} of ${count} right (1 not answered yet)`);
    act(() => progressActions.check(last.id, rightOf(last)));
    expect(score.textContent).toBe(`Score: ${count - 1} of ${count} right`);
  });
});

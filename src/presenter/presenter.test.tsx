import practice from 'virtual:lockstep/practice';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShortcutStore } from '@/shortcuts/keymap';
import { ShortcutContext } from '@/shortcuts/use-shortcuts';
import { selectCursor, selectStepCount, selectTimeline } from '@/store/selectors';
import { memoryStorage, renderWalkthrough } from '@/testing/render-walkthrough';
import { predictionPoints } from '@/views/prediction';
import Presenter from './presenter';
import styles from './presenter.module.css';

function renderPresenter(initial: { cursor?: number; fencing?: boolean } = {}) {
  const onExit = vi.fn();
  const view = renderWalkthrough(
    <ShortcutContext.Provider value={createShortcutStore(memoryStorage(), null)}>
      <Presenter onExit={onExit} exercise={<p>The exercise itself</p>} />
    </ShortcutContext.Provider>,
    initial,
  );
  const stepCount = selectStepCount(view.store.getState());
  return { ...view, onExit, stepCount };
}

const bar = () => screen.getByRole('group', { name: 'Presentation controls' });
const indicator = () => bar().querySelector('.step-indicator')?.textContent;
const next = () => within(bar()).getByRole('button', { name: 'Next' });
const back = () => within(bar()).getByRole('button', { name: 'Back' });
const question = () => screen.queryByRole('region', { name: 'Quiz question' });
/** jsdom has no Fullscreen API: say which element is full screen, as a browser would. */
function fullscreen(element: Element | null) {
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
}
const orderIndex = practice.quiz.findIndex((candidate) => candidate.kind === 'order');
const lastQuestion = practice.quiz.length - 1;

describe('<Presenter>', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    fullscreen(null);
    window.history.replaceState(null, '', '/');
    Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
    Reflect.deleteProperty(document, 'exitFullscreen');
  });

  it('steps through the walkthrough, Back disabled only at the first step', async () => {
    const user = userEvent.setup();
    const { stepCount, store } = renderPresenter();
    expect(indicator()).toBe(`Step 1 of ${stepCount}`);
    expect(back()).toBeDisabled();
    await user.click(next());
    expect(indicator()).toBe(`Step 2 of ${stepCount}`);
    expect(back()).toBeEnabled();
    await user.click(back());
    expect(store.getState().cursor).toBe(0);
    expect(screen.getByRole('region', { name: 'Lock service and certificates table' })).toBeInTheDocument();
  });

  it('goes on from the last step to the quiz, one question at a time, and back again', async () => {
    const user = userEvent.setup();
    const { stepCount, store } = renderPresenter({ cursor: 10_000 });
    expect(indicator()).toBe(`Step ${stepCount} of ${stepCount}`);
    expect(question()).toBeNull();
    await user.click(next());
    expect(indicator()).toBe(`Question 1 of ${practice.quiz.length}`);
    expect(question()).toHaveTextContent(practice.quiz[0]!.prompt.replaceAll('`', ''));
    // The run's own controls belong to the steps, not to a question.
    expect(screen.queryByRole('switch', { name: 'Fencing tokens' })).toBeNull();
    await user.click(next());
    expect(indicator()).toBe(`Question 2 of ${practice.quiz.length}`);
    await user.click(back());
    await user.click(back());
    expect(indicator()).toBe(`Step ${stepCount} of ${stepCount}`);
    expect(selectCursor(store.getState())).toBe(stepCount - 1);
    expect(screen.getByRole('switch', { name: 'Fencing tokens' })).toBeInTheDocument();
  });

  it('stops at the last question', async () => {
    const user = userEvent.setup();
    renderPresenter({ cursor: 10_000 });
    for (let index = 0; index < lastQuestion; index += 1) await user.click(next());
    expect(indicator()).toBe(`Question ${lastQuestion} of ${practice.quiz.length}`);
    expect(next()).toBeEnabled();
    await user.click(next());
    expect(indicator()).toBe(`Question ${lastQuestion + 1} of ${practice.quiz.length}`);
    expect(next()).toBeDisabled();
  });

  it('by the clicker’s keys too: stays at the last question, and steps back from the first question through the steps', async () => {
    const user = userEvent.setup();
    const { stepCount, store } = renderPresenter({ cursor: 10_000 });
    for (let index = 0; index <= lastQuestion; index += 1) await user.keyboard('{PageDown}');
    expect(indicator()).toBe(`Question ${lastQuestion + 1} of ${practice.quiz.length}`);
    await user.keyboard('{PageDown}');
    expect(indicator()).toBe(`Question ${lastQuestion + 1} of ${practice.quiz.length}`);
    expect(question()).toHaveTextContent(practice.quiz[lastQuestion]!.prompt.replaceAll('`', ''));
    for (let index = 0; index <= lastQuestion; index += 1) await user.keyboard('{PageUp}');
    expect(indicator()).toBe(`Step ${stepCount} of ${stepCount}`);
    // One more goes back a step of the walkthrough.
    await user.keyboard('{PageUp}');
    expect(indicator()).toBe(`Step ${stepCount - 1} of ${stepCount}`);
    expect(store.getState().cursor).toBe(stepCount - 2);
  });

  it('draws the run to scale and the diagram at the current step, beside the panels', async () => {
    const user = userEvent.setup();
    renderPresenter({ cursor: 3 });
    expect(screen.getByRole('img', { name: /^Time to scale, now 0 s\./ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Sequence diagram, step 4 of / })).toBeInTheDocument();
    await user.click(next());
    expect(screen.getByRole('img', { name: /^Time to scale, now 2 s\./ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Sequence diagram, step 5 of / })).toBeInTheDocument();
  });

  it('offers the fencing switch but not the text version: a room reads the screen', () => {
    renderPresenter();
    expect(screen.getByRole('switch', { name: 'Fencing tokens' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text version' })).toBeNull();
  });

  it('reveals a choice question’s answer only when asked, and only on that question', async () => {
    const user = userEvent.setup();
    renderPresenter({ cursor: 10_000 });
    await user.click(next());
    const first = practice.quiz[0]!;
    if (first.kind === 'order') throw new Error('the first question is a choice');
    expect(screen.queryByText('The right answer.')).toBeNull();
    const marked = () => [...question()!.querySelectorAll('li')].filter((item) => /rightAnswer/.test(item.className));
    expect(marked()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Reveal answer' }));
    expect(screen.getByText('Answer revealed.')).toBeInTheDocument();
    const rightOnes = first.kind === 'single' ? [first.answer] : first.answers;
    expect(screen.getAllByText('The right answer.')).toHaveLength(rightOnes.length);
    for (const id of rightOnes) {
      const option = first.options.find((candidate) => candidate.id === id)!;
      expect(screen.getByText('The right answer.').closest('li')).toHaveTextContent(option.text.replaceAll('`', ''));
    }
    for (const option of first.options) expect(question()).toHaveTextContent(option.explanation.replaceAll('`', ''));
    // The right options are marked as such, and only they.
    expect(marked().map((item) => item.querySelector('strong')?.textContent)).toEqual(
      rightOnes.map(() => 'The right answer. '),
    );
    expect(marked()).toHaveLength(rightOnes.length);
    await user.click(next());
    expect(screen.queryByText('The right answer.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reveal answer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reveal answer' }));
    await user.click(back());
    // The second question's answer is the one revealed now: the first is asked again.
    expect(screen.getByRole('button', { name: 'Reveal answer' })).toBeInTheDocument();
    expect(screen.queryByText('The right answer.')).toBeNull();
  });

  it('shows an order question in its starting order, then in the right one', async () => {
    const user = userEvent.setup();
    renderPresenter({ cursor: 10_000 });
    for (let index = 0; index <= orderIndex; index += 1) await user.click(next());
    const asked = practice.quiz[orderIndex]!;
    if (asked.kind !== 'order') throw new Error('not the order question');
    const shown = () =>
      within(question()!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    const textOf = (id: string) => asked.items.find((item) => item.id === id)!.text;
    expect(shown()).toEqual(asked.startOrder.map(textOf));
    expect(shown()).not.toEqual(asked.items.map((item) => item.text));
    await user.keyboard('r');
    expect(shown()).toEqual(asked.items.map((item) => item.text));
    expect(screen.getByText('Shown in the right order.')).toBeInTheDocument();
  });

  it('asks the room at each prediction, and tells what the run did once revealed', async () => {
    const user = userEvent.setup();
    const { store } = renderPresenter();
    const [point] = predictionPoints(selectTimeline(store.getState()));
    act(() => store.setState({ cursor: point!.askAt - 1 }));
    expect(screen.queryByRole('heading', { name: 'Show of hands' })).toBeNull();
    await user.click(next());
    const poll = screen.getByRole('heading', { name: 'Show of hands' }).closest('section')!;
    expect(poll).toHaveTextContent(practice.prediction.points[point!.id].prompt);
    expect(poll.querySelector('[data-right-answer]')).toBeNull();
    const highlighted = () =>
      [...poll.querySelectorAll('li')].filter((item) => item.classList.contains(styles.rightAnswer!));
    expect(highlighted()).toEqual([]);
    const reveal = within(poll).getByRole('button', { name: 'Reveal' });
    expect(reveal.parentElement!.textContent).toBe(`${practice.prediction.poll.instruction} Reveal`);
    await user.click(reveal);
    const right = poll.querySelector('[data-right-answer]');
    const outcome = practice.prediction.points[point!.id].options.find((option) => option.id === point!.outcome);
    expect(right).toHaveTextContent(outcome!.text);
    // Drawn as the right answer too, and only that option.
    expect(highlighted()).toEqual([right]);
    expect(within(poll).getByRole('status')).toHaveTextContent('What happens:');
    await user.click(next());
    expect(screen.queryByRole('heading', { name: 'Show of hands' })).toBeNull();
    // The next poll is asked unrevealed.
    const second = predictionPoints(selectTimeline(store.getState()))[1]!;
    act(() => store.setState({ cursor: second.askAt }));
    expect(screen.getByRole('heading', { name: 'Show of hands' }).closest('section')).toHaveTextContent(
      practice.prediction.points[second.id].prompt,
    );
    expect(screen.getByRole('button', { name: 'Reveal' })).toBeInTheDocument();
  });

  it('steps by a clicker’s keys and fades the bar until the mouse moves', async () => {
    const user = userEvent.setup();
    const { stepCount, store } = renderPresenter({ cursor: 3 });
    // In sight until the presenter first steps by key.
    expect(bar().className).not.toMatch(/idle/);
    await user.keyboard('{PageDown}');
    expect(store.getState().cursor).toBe(4);
    expect(bar().className).toMatch(/idle/);
    fireEvent.mouseMove(window);
    expect(bar().className).not.toMatch(/idle/);
    await user.keyboard('{PageUp}{PageUp}');
    expect(store.getState().cursor).toBe(2);
    expect(bar().className).toMatch(/idle/);
    // Tabbing onto the controls brings them back.
    act(() => back().focus());
    expect(bar().className).not.toMatch(/idle/);
    await user.keyboard('{End}');
    expect(store.getState().cursor).toBe(stepCount - 1);
    await user.keyboard('{Home}');
    expect(store.getState().cursor).toBe(0);
  });

  it('leaves Space on a focused button to the button', async () => {
    const user = userEvent.setup();
    const { store } = renderPresenter({ cursor: 3 });
    back().focus();
    await user.keyboard(' ');
    // The focused Back pressed once; Space did not also step forward.
    expect(store.getState().cursor).toBe(2);
  });

  it('blanks the screen; any key but a bare modifier only brings it back, never steps unseen', async () => {
    const user = userEvent.setup();
    const { store } = renderPresenter({ cursor: 3 });
    await user.keyboard('b');
    const blank = screen.getByRole('dialog', { name: 'Screen blanked' });
    expect(screen.getByRole('button', { name: 'Return to the presentation' })).toHaveFocus();
    // Switching windows (Alt+Tab, Cmd+Tab) or a bare modifier keeps the screen blank.
    await user.keyboard('{Alt}{Shift}{Control}{Meta}{Tab}');
    expect(blank).toBeInTheDocument();
    await user.keyboard('{PageDown}');
    expect(screen.queryByRole('dialog', { name: 'Screen blanked' })).toBeNull();
    expect(store.getState().cursor).toBe(3);
    await user.click(within(bar()).getByRole('button', { name: 'Blank screen' }));
    await user.click(screen.getByRole('dialog', { name: 'Screen blanked' }));
    expect(screen.queryByRole('dialog', { name: 'Screen blanked' })).toBeNull();
  });

  it('exits by Escape or by its button, but Escape first leaves full screen', async () => {
    const user = userEvent.setup();
    const { onExit } = renderPresenter();
    await user.keyboard('{Escape}');
    expect(onExit).toHaveBeenCalledTimes(1);
    fullscreen(document.documentElement);
    await user.keyboard('{Escape}');
    expect(onExit).toHaveBeenCalledTimes(1);
    fullscreen(null);
    await user.click(within(bar()).getByRole('button', { name: 'Exit presentation' }));
    expect(onExit).toHaveBeenCalledTimes(2);
  });

  it('opens the speaker view at the presentation’s address, by button and by key', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    window.history.replaceState(null, '', '/?present&step=4&fencing=off#walkthrough');
    renderPresenter({ cursor: 3, fencing: false });
    await user.click(within(bar()).getByRole('button', { name: 'Speaker view' }));
    // Bare flags stay bare, and the fragment stays as it was.
    expect(open).toHaveBeenCalledWith(
      'http://localhost:3000/?present&step=4&fencing=off&speaker#walkthrough',
      'lockstep-speaker',
      'popup,width=900,height=700',
    );
    await user.keyboard('s');
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('offers no speaker view where the windows cannot talk', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('BroadcastChannel', undefined);
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderPresenter();
    expect(within(bar()).queryByRole('button', { name: 'Speaker view' })).toBeNull();
    await user.keyboard('s');
    expect(open).not.toHaveBeenCalled();
  });

  it('asks for full screen, and leaves it when in it; a refusal changes nothing', async () => {
    const user = userEvent.setup();
    const request = vi.fn(() => Promise.reject(new Error('not allowed in this frame')));
    document.documentElement.requestFullscreen = request;
    const exit = vi.fn(() => Promise.resolve());
    document.exitFullscreen = exit;
    renderPresenter();
    await user.click(within(bar()).getByRole('button', { name: 'Full screen' }));
    expect(request).toHaveBeenCalledTimes(1);
    fullscreen(document.documentElement);
    await user.click(within(bar()).getByRole('button', { name: 'Full screen' }));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('names each key on its button, and none once the learner turns the keys off', async () => {
    const user = userEvent.setup();
    renderPresenter();
    expect(within(bar()).getByRole('button', { name: 'Blank screen' })).toHaveAttribute('aria-keyshortcuts', 'B .');
    expect(within(bar()).getByRole('button', { name: 'Exit presentation' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Escape',
    );
    await user.click(within(bar()).getByRole('button', { name: /keyboard shortcuts/i }));
    await user.click(await screen.findByRole('checkbox', { name: /use single-key shortcuts/i }));
    expect(within(bar()).getByRole('button', { name: 'Blank screen' })).not.toHaveAttribute('aria-keyshortcuts');
  });
});

describe('the fence exercise on the projected screen', () => {
  it('shows in place of the step, under its own heading, and goes back to the step', async () => {
    const user = userEvent.setup();
    renderPresenter({ cursor: 3 });
    const toggle = within(bar()).getByRole('button', { name: 'Write the fence' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const exercise = screen.getByRole('region', { name: 'Write the fence yourself' });
    expect(within(exercise).getByText('The exercise itself')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lock service and certificates table' })).toBeNull();
    await user.click(toggle);
    expect(screen.queryByText('The exercise itself')).toBeNull();
    expect(screen.getByRole('region', { name: 'Lock service and certificates table' })).toBeInTheDocument();
  });
});

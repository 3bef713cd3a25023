import presenter from 'virtual:lockstep/presenter';
import practice from 'virtual:lockstep/practice';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captionKeyOf } from '@/content/caption-key-of';
import { createShortcutStore } from '@/shortcuts/keymap';
import { ShortcutContext } from '@/shortcuts/use-shortcuts';
import { selectStepCount, selectTimeline } from '@/store/selectors';
import { memoryStorage, renderWalkthrough } from '@/testing/render-walkthrough';
import { narrationsFor } from '@/story/timeline-narrations';
import { predictionPoints } from '@/views/prediction';
import SpeakerView from './speaker-view';

function renderSpeakerView(initial: { cursor?: number; fencing?: boolean } = {}) {
  return renderWalkthrough(
    <ShortcutContext.Provider value={createShortcutStore(memoryStorage(), null)}>
      <SpeakerView />
    </ShortcutContext.Provider>,
    initial,
  );
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section')!;
const text = (caption: string) => caption.replaceAll('`', '');
const notes: Record<string, string | undefined> = presenter.notes;

describe('<SpeakerView>', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows this step’s notes, what is on the screen and what comes next, and follows Next', async () => {
    const user = userEvent.setup();
    const { store } = renderSpeakerView({ cursor: 2 });
    const timeline = selectTimeline(store.getState());
    const narrations = narrationsFor(timeline);
    const check = (cursor: number) => {
      const note = notes[captionKeyOf(timeline.frames[cursor]!.happening)];
      expect(section('Notes for this step')).toHaveTextContent(note ?? presenter.speakerView.noNotes);
      expect(section('On the screen')).toHaveTextContent(text(narrations[cursor]!.caption));
      expect(section('Next')).toHaveTextContent(text(narrations[cursor + 1]!.caption));
    };
    expect(screen.getByText(`Step 3 of ${selectStepCount(store.getState())}`)).toBeInTheDocument();
    check(2);
    const controls = screen.getByRole('group', { name: 'Presentation controls' });
    await user.click(within(controls).getByRole('button', { name: 'Next' }));
    check(3);
    await user.keyboard('{PageDown}');
    check(4);
    await user.click(within(controls).getByRole('button', { name: 'Back' }));
    check(3);
  });

  it('leaves Space on a focused button to the button, where a clicker’s keys step', async () => {
    const user = userEvent.setup();
    const { store } = renderSpeakerView({ cursor: 3 });
    screen.getByRole('button', { name: 'Back' }).focus();
    await user.keyboard(' ');
    // The focused Back pressed once; Space did not also step forward.
    expect(store.getState().cursor).toBe(2);
    // With nothing focused, Space is the clicker's forward.
    screen.getByRole('button', { name: 'Back' }).blur();
    await user.keyboard(' ');
    expect(store.getState().cursor).toBe(3);
  });

  it('has a note for every step of both runs', () => {
    for (const fencing of [true, false]) {
      const { store, unmount } = renderSpeakerView({ fencing });
      for (const frame of selectTimeline(store.getState()).frames)
        expect(notes[captionKeyOf(frame.happening)], captionKeyOf(frame.happening)).toBeTruthy();
      unmount();
    }
  });

  it('says the quiz follows at the last step, where Next goes on to it', () => {
    renderSpeakerView({ cursor: 10_000 });
    expect(section('Next')).toHaveTextContent(presenter.speakerView.quizFollows);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });

  it('gives the prediction to ask the room only at its step', () => {
    const { store } = renderSpeakerView();
    const [point] = predictionPoints(selectTimeline(store.getState()));
    expect(screen.queryByRole('heading', { name: 'Ask the room first' })).toBeNull();
    act(() => store.setState({ cursor: point!.askAt }));
    expect(section('Ask the room first')).toHaveTextContent(practice.prediction.points[point!.id].prompt);
    act(() => store.setState({ cursor: point!.askAt + 1 }));
    expect(screen.queryByRole('heading', { name: 'Ask the room first' })).toBeNull();
  });

  it('switches fencing in its own walkthrough (which the place sync passes on), and shows it', async () => {
    const user = userEvent.setup();
    const { store } = renderSpeakerView({ fencing: false });
    const fencing = screen.getByRole('switch', { name: /Fencing tokens/ });
    expect(fencing).toHaveAttribute('aria-checked', 'false');
    await user.click(fencing);
    expect(store.getState().fencing).toBe(true);
    act(() => store.setState({ fencing: false }));
    expect(fencing).toHaveAttribute('aria-checked', 'false');
  });

  it('pictures the projected screen now and after Next, each named by its step', async () => {
    const user = userEvent.setup();
    renderSpeakerView({ cursor: 4 });
    expect(
      within(section('On the screen')).getByRole('img', { name: 'The projected screen now: step 5' }),
    ).toBeInTheDocument();
    expect(within(section('Next')).getByRole('img', { name: 'The screen after Next: step 6' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      within(section('On the screen')).getByRole('img', { name: 'The projected screen now: step 6' }),
    ).toBeInTheDocument();
  });

  it('at the last step pictures the screen now, and no next one', () => {
    renderSpeakerView({ cursor: 10_000 });
    expect(
      within(section('On the screen')).getByRole('img', { name: /^The projected screen now/ }),
    ).toBeInTheDocument();
    expect(within(section('Next')).queryByRole('img')).toBeNull();
  });

  it('blanks the screen as a toggle, and reveals the poll with its answer at the poll’s step', async () => {
    const user = userEvent.setup();
    const { store } = renderSpeakerView();
    const blank = screen.getByRole('button', { name: 'Blank the screen' });
    expect(blank).toHaveAttribute('aria-pressed', 'false');
    await user.click(blank);
    expect(blank).toHaveAttribute('aria-pressed', 'true');
    await user.click(blank);
    expect(blank).toHaveAttribute('aria-pressed', 'false');
    const [point] = predictionPoints(selectTimeline(store.getState()));
    act(() => store.setState({ cursor: point!.askAt }));
    const poll = section('Ask the room first');
    const answer = practice.prediction.points[point!.id].options.find((option) => option.id === point!.outcome)!;
    expect(poll).toHaveTextContent(`The answer to reveal: ${answer.text}`);
    await user.click(within(poll).getByRole('button', { name: 'Reveal' }));
    expect(within(poll).getByRole('status')).toHaveTextContent('Revealed on the screen.');
    // A step later, there is no poll; back at it, it is still revealed, as on the projected screen.
    act(() => store.setState({ cursor: point!.askAt + 1 }));
    expect(screen.queryByRole('heading', { name: 'Ask the room first' })).toBeNull();
    act(() => store.setState({ cursor: point!.askAt }));
    expect(within(section('Ask the room first')).getByRole('status')).toBeInTheDocument();
  });

  it('counts the time presenting in minutes and seconds', () => {
    vi.useFakeTimers();
    renderSpeakerView();
    const timer = screen.getByRole('timer', { name: 'Time presenting' });
    expect(timer).toHaveTextContent('0:00');
    act(() => vi.advanceTimersByTime(9_000));
    expect(timer).toHaveTextContent('0:09');
    act(() => vi.advanceTimersByTime(51_000));
    expect(timer).toHaveTextContent('1:00');
    act(() => vi.advanceTimersByTime(65_000));
    expect(timer).toHaveTextContent('2:05');
  });

  it('says when it cannot keep in step with the projected window', () => {
    renderSpeakerView();
    expect(screen.queryByText(presenter.speakerView.notInStep)).toBeNull();
    vi.stubGlobal('BroadcastChannel', undefined);
    renderSpeakerView();
    expect(screen.getByText(presenter.speakerView.notInStep)).toBeInTheDocument();
  });

  it('goes on into the quiz after the last step, as the projected screen does, with each answer to reveal', async () => {
    const user = userEvent.setup();
    renderSpeakerView({ cursor: 10_000 });
    const controls = screen.getByRole('group', { name: 'Presentation controls' });
    const next = within(controls).getByRole('button', { name: 'Next' });
    expect(next).toBeEnabled();
    await user.click(next);
    const count = practice.quiz.length;
    expect(within(controls).getByText(`Question 1 of ${count}`)).toBeInTheDocument();
    const now = section('On the screen');
    expect(now).toHaveTextContent(practice.quiz[0]!.prompt.replaceAll('`', ''));
    expect(now).toHaveTextContent('The answer to reveal: Nothing enforces it');
    expect(section('Next')).toHaveTextContent(`Question 2 of ${count}`);
    await user.click(within(now).getByRole('button', { name: 'Reveal answer' }));
    expect(within(section('On the screen')).getByRole('status')).toHaveTextContent('Revealed on the screen.');
    await user.keyboard('{PageDown}');
    expect(within(controls).getByText(`Question 2 of ${count}`)).toBeInTheDocument();
    expect(within(section('On the screen')).queryByRole('status')).toBeNull();
    await user.click(within(controls).getByRole('button', { name: 'Back' }));
    await user.click(within(controls).getByRole('button', { name: 'Back' }));
    expect(within(controls).getByText(/^Step \d+ of \d+$/)).toBeInTheDocument();
    expect(section('Next')).toHaveTextContent(presenter.speakerView.quizFollows);
  });

  it('stops at the last question', async () => {
    const user = userEvent.setup();
    renderSpeakerView({ cursor: 10_000 });
    const next = screen.getByRole('button', { name: 'Next' });
    for (let press = 0; press < practice.quiz.length; press++) await user.click(next);
    const controls = screen.getByRole('group', { name: 'Presentation controls' });
    expect(
      within(controls).getByText(`Question ${practice.quiz.length} of ${practice.quiz.length}`),
    ).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(section('Next').querySelector('p')).toBeNull();
  });
});

import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { presenterChannel } from './presenter-channel';
import { useScreenSync } from './use-screen-sync';

/** One window's screen state, with buttons to change it, synced with the other windows of this origin. */
function Window({
  name,
  initial = { blank: false, revealedOn: null, question: null },
}: {
  name: string;
  initial?: Screen;
}) {
  const [state, setState] = useState<Screen>(initial);
  useScreenSync(state, (change) => setState((now) => ({ ...now, ...change })));
  return (
    <div>
      <p>{`${name}: ${state.blank ? 'blank' : 'shown'}, revealed ${state.revealedOn ?? 'nothing'}, question ${state.question ?? 'none'}`}</p>
      <button type="button" onClick={() => setState((now) => ({ ...now, blank: !now.blank }))}>
        {`${name} blank`}
      </button>
      <button type="button" onClick={() => setState((now) => ({ ...now, revealedOn: 'step 6' }))}>
        {`${name} reveal`}
      </button>
      <button type="button" onClick={() => setState((now) => ({ ...now, question: (now.question ?? -1) + 1 }))}>
        {`${name} next question`}
      </button>
    </div>
  );
}
type Screen = { blank: boolean; revealedOn: string | null; question: number | null };

const arrives = (check: () => void) => vi.waitFor(check, { timeout: 15_000 });
const says = (text: string) => expect(screen.getByText(text)).toBeInTheDocument();

describe('useScreenSync', () => {
  afterEach(() => vi.restoreAllMocks());

  it('blanks and reveals in the other window, both ways, and changes made at once in each both stand', async () => {
    render(
      <>
        <Window name="room" />
        <Window name="desk" />
      </>,
    );
    act(() => screen.getByText('desk blank').click());
    await arrives(() => says('room: blank, revealed nothing, question none'));
    act(() => screen.getByText('room blank').click());
    await arrives(() => says('desk: shown, revealed nothing, question none'));
    // A blank in one window and a reveal in the other, at the same moment: each is one field, so both stand.
    act(() => {
      screen.getByText('room blank').click();
      screen.getByText('desk reveal').click();
    });
    await arrives(() => says('room: blank, revealed step 6, question none'));
    await arrives(() => says('desk: blank, revealed step 6, question none'));
    // On into the quiz from either window.
    act(() => screen.getByText('desk next question').click());
    await arrives(() => says('room: blank, revealed step 6, question 0'));
    act(() => screen.getByText('room next question').click());
    await arrives(() => says('desk: blank, revealed step 6, question 1'));
  });

  it('tells a speaker window that opens what the screen shows, and sends nothing back that it heard', async () => {
    const sent: unknown[] = [];
    const listener = presenterChannel()!;
    listener.addEventListener('message', (event) => sent.push(event.data));
    render(<Window name="room" initial={{ blank: true, revealedOn: 'question 2', question: 2 }} />);
    const speaker = presenterChannel()!;
    speaker.postMessage({ kind: 'hello' });
    await arrives(() =>
      expect(sent).toEqual(
        expect.arrayContaining([
          { kind: 'screen', field: 'blank', value: true },
          { kind: 'screen', field: 'revealedOn', value: 'question 2' },
          { kind: 'screen', field: 'question', value: 2 },
        ]),
      ),
    );
    sent.length = 0;
    speaker.postMessage({ kind: 'screen', field: 'blank', value: false });
    await arrives(() => says('room: shown, revealed question 2, question 2'));
    // Let any echo arrive: none comes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.filter((message) => (message as { field?: string }).field === 'blank')).toEqual([
      { kind: 'screen', field: 'blank', value: false },
    ]);
    listener.close();
    speaker.close();
  });

  it('ignores messages that are not its own shape', async () => {
    render(<Window name="room" />);
    const other = presenterChannel()!;
    other.postMessage({ kind: 'screen', field: 'blank', value: 'yes' });
    other.postMessage({ kind: 'screen', field: 'revealedOn', value: 7 });
    other.postMessage({ kind: 'screen', field: 'question', value: -1 });
    other.postMessage({ kind: 'screen', field: 'question', value: 1.5 });
    other.postMessage({ kind: 'screen', field: 'colour', value: 'red' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    says('room: shown, revealed nothing, question none');
    other.close();
  });
});

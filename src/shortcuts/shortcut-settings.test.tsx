import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryStorage, renderWalkthrough } from '@/testing/render-walkthrough';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { createShortcutStore } from './keymap';
import { ShortcutSettings } from './shortcut-settings';
import { ShortcutContext } from './use-shortcuts';

function renderWithShortcuts() {
  const shortcuts = createShortcutStore(memoryStorage(), null);
  // The toolbar's code loads on the reader's first move.
  fireEvent.scroll(document);
  const view = renderWalkthrough(
    <ShortcutContext.Provider value={shortcuts}>
      <Walkthrough />
    </ShortcutContext.Provider>,
  );
  return { ...view, shortcuts };
}

/** The settings as the walkthrough's toolbar offers them. */
describe('keyboard shortcut settings (WCAG 2.1.4)', () => {
  it('turn the step keys off, and the buttons stop announcing them', async () => {
    const user = userEvent.setup();
    renderWithShortcuts();
    await user.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(screen.getByRole('checkbox', { name: 'Use single-key shortcuts' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).not.toHaveAttribute('aria-keyshortcuts');
    next.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(/^Step 1 of \d+$/)).toBeInTheDocument();
  });

  it('give Next another key, which then steps while ArrowRight does not', async () => {
    const user = userEvent.setup();
    renderWithShortcuts();
    await user.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(screen.getByRole('button', { name: 'Change the key for Next step' }));
    await user.keyboard('j');
    expect(screen.getByRole('row', { name: /Next step/ })).toHaveTextContent('J');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-keyshortcuts', 'J');
    next.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText(/^Step 1 of \d+$/)).toBeInTheDocument();
    await user.keyboard('j');
    expect(screen.getByText(/^Step 2 of \d+$/)).toBeInTheDocument();
  });

  it('leave a key unchanged when the learner presses Escape instead', async () => {
    const user = userEvent.setup();
    const { shortcuts } = renderWithShortcuts();
    await user.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(screen.getByRole('button', { name: 'Change the key for Back a step' }));
    await user.keyboard('{Escape}');
    expect(shortcuts.getState().keymaps.reading.back).toEqual(['ArrowLeft']);
  });
});

describe('keys that keep their own work', () => {
  it.each([
    ['{Enter}', 'Enter'],
    [' ', 'Space'],
    ['{Tab}', 'Tab'],
    ['{Escape}', 'Esc'],
  ])('pressing %s for a shortcut says it cannot be one and changes nothing', async (typed, named) => {
    const user = userEvent.setup();
    const { shortcuts } = renderWithShortcuts();
    await user.click(await screen.findByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(screen.getByRole('button', { name: 'Change the key for Next step' }));
    await user.keyboard(typed);
    const said = within(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).getByRole('status');
    expect(said).toHaveTextContent(
      `${named} cannot be a shortcut: Enter and Space press buttons, Tab moves between them and Escape closes this dialog, so those keys keep that work. The key was not changed.`,
    );
    expect(shortcuts.getState().keymaps.reading.next).toEqual(['ArrowRight']);
    expect(screen.getByRole('button', { name: 'Change the key for Next step' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the key for Next step' }));
    await user.keyboard('j');
    expect(said).toBeEmptyDOMElement();
    expect(shortcuts.getState().keymaps.reading.next).toEqual(['J']);
  });

  it('a stored keymap that put Next on Enter and Last on Space leaves both keys to the buttons', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage({
      'lockstep-shortcuts': JSON.stringify({
        enabled: true,
        keymaps: { reading: { next: ['Enter'], last: ['Space'] } },
      }),
    });
    renderWalkthrough(
      <ShortcutContext.Provider value={createShortcutStore(storage, null)}>
        <Walkthrough />
      </ShortcutContext.Provider>,
    );
    const settings = await screen.findByRole('button', { name: 'Keyboard shortcuts' });
    settings.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    expect(screen.getByText(/^Step 1 of \d+$/)).toBeInTheDocument();
  });
});

describe('keyboard shortcut settings in two tabs', () => {
  /** A tab's settings button and dialog, on the browser storage both tabs share. */
  function renderTab(storage: Storage) {
    const { container } = render(
      <ShortcutContext.Provider value={createShortcutStore(storage, null)}>
        <ShortcutSettings contexts={['reading']} />
      </ShortcutContext.Provider>,
    );
    return within(container);
  }

  it('a key changed in a tab opened earlier leaves shortcuts off when another tab turned them off', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const first = renderTab(storage);
    const earlier = renderTab(storage);
    await user.click(first.getByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(first.getByRole('checkbox', { name: 'Use single-key shortcuts' }));
    await user.click(earlier.getByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(earlier.getByRole('button', { name: 'Change the key for Next step' }));
    await user.keyboard('j');
    const stored = createShortcutStore(storage, null).getState();
    expect(stored.enabled).toBe(false);
    expect(stored.keymaps.reading.next).toEqual(['J']);
  });

  it('resetting the keys in a tab opened earlier gives back the usual keys and leaves shortcuts off', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const first = renderTab(storage);
    const earlier = renderTab(storage);
    await user.click(first.getByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(first.getByRole('button', { name: 'Change the key for Next step' }));
    await user.keyboard('j');
    await user.click(first.getByRole('checkbox', { name: 'Use single-key shortcuts' }));
    await user.click(earlier.getByRole('button', { name: 'Keyboard shortcuts' }));
    await user.click(earlier.getByRole('button', { name: 'Reset to the usual keys' }));
    const stored = createShortcutStore(storage, null).getState();
    expect(stored.enabled).toBe(false);
    expect(stored.keymaps.reading.next).toEqual(['ArrowRight']);
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { SETTLE_MS } from './address-bar';
import { createPageStores, PageProviders } from './page-stores';

/**
 * The site opened at `address`, as main.tsx opens it. Rendered in an awaited act: a part that suspends inside a
 * synchronous one (a lazy page beside the notices waiting for progress) is never retried in React's test mode.
 */
async function openApp(address: string) {
  window.history.replaceState(null, '', address);
  const stores = createPageStores(window);
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <PageProviders stores={stores}>
        <App />
      </PageProviders>,
    );
  });
  return { ...view!, stores };
}

/** jsdom has no Fullscreen API: played here as a browser that grants it. */
let fullscreenElement: Element | null = null;
Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
const requestFullscreen = vi.fn(async () => {
  fullscreenElement = document.documentElement;
});
const exitFullscreen = vi.fn(async () => {
  fullscreenElement = null;
});
document.documentElement.requestFullscreen = requestFullscreen;
document.exitFullscreen = exitFullscreen;

describe('<App>', () => {
  afterEach(async () => {
    // The address is written once a change settles: let it happen before the next page opens.
    await new Promise((resolve) => setTimeout(resolve, 2 * SETTLE_MS + 1));
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
    fullscreenElement = null;
    requestFullscreen.mockClear();
    exitFullscreen.mockClear();
  });

  it('shows the lesson: its title, a way past the header, the walkthrough and the contents', async () => {
    await openApp('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Distributed locks, leases and fencing tokens, step by step',
    );
    expect(screen.getByRole('link', { name: "Skip to the walkthrough's controls" })).toHaveAttribute(
      'href',
      '#walkthrough-controls',
    );
    expect(screen.getByText(/^Step 1 of \d+$/)).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('explains a link it corrected beside the walkthrough, until dismissed', async () => {
    const user = userEvent.setup();
    const { stores } = await openApp('/?step=999&fencing=sideways');
    const notice = screen.getByText(/asked for step 999/).closest<HTMLElement>('.notice')!;
    expect(within(notice).getAllByRole('listitem')).toHaveLength(2);
    expect(notice).toHaveTextContent('asked for step 999');
    expect(notice.closest('#walkthrough')).not.toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/asked for step 999/)).toBeNull();
    expect(stores.walkthroughStore.getState().notices).toEqual([]);
  });

  it('enters presenter mode full screen at the current step, and leaves it where the presenter got to', async () => {
    const user = userEvent.setup();
    const { stores } = await openApp('/?step=3&fencing=on');
    // The toolbar below the stage loads on the reader's first move.
    await user.click(within(document.getElementById('walkthrough-controls')!).getByRole('button', { name: 'Next' }));
    const present = await screen.findByRole('button', { name: 'Present' });
    // Awaited, as openApp's render is: the presenter's code loads while the click is handled.
    await act(async () => void fireEvent.click(present));
    expect(requestFullscreen).toHaveBeenCalledTimes(1);
    const bar = await screen.findByRole('group', { name: 'Presentation controls' });
    expect(stores.shellStore.getState().route).toEqual({ page: 'present', place: { cursor: 3, fencing: true } });
    await user.click(within(bar).getByRole('button', { name: 'Next' }));
    await user.click(within(bar).getByRole('button', { name: 'Exit presentation' }));
    expect(exitFullscreen).toHaveBeenCalledTimes(1);
    expect(stores.shellStore.getState().route).toEqual({ page: 'lesson', place: { cursor: 4, fencing: true } });
    expect(screen.getByText(/^Step 5 of \d+$/)).toBeInTheDocument();
  });

  it('leaving presenter mode outside full screen leaves full screen alone', async () => {
    const user = userEvent.setup();
    await openApp('/?present&step=2');
    const bar = await screen.findByRole('group', { name: 'Presentation controls' });
    await user.click(within(bar).getByRole('button', { name: 'Exit presentation' }));
    expect(exitFullscreen).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/step by step/);
  });

  it('opens the speaker view in its own window’s address', async () => {
    await openApp('/?present&speaker&step=6');
    expect(await screen.findByRole('heading', { name: 'Speaker view', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/^Step 6 of \d+$/)).toBeInTheDocument();
  });

  it('opens the lab as a page of its own, with the settings its address names', async () => {
    await openApp('/?lab&service=etcd');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/lab/i);
    expect(screen.getAllByRole('combobox', { name: 'Lock service' })[0]).toHaveValue('etcd');
    expect(document.getElementById('walkthrough')).toBeNull();
  });

  it('shows a notice about saved progress with the link’s, and dismisses both', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('lockstep:progress', '{not json');
    await openApp('/?step=0');
    const notice = await screen.findByText('Your saved progress could not be read (it is not valid JSON).', {
      exact: false,
    });
    const box = notice.closest('[role="status"]')!;
    expect(within(box as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(box as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/saved progress/)).toBeNull();
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { ProgressContext, type ProgressBinding } from '@/progress/use-progress';
import { createWalkthroughActions } from '@/store/actions';
import { DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { WalkthroughContext } from '@/store/use-walkthrough';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { memoryStorage } from '@/testing/render-walkthrough';
import { Notices } from './notices';

/**
 * The notices with `link` from the address, and progress as given: loaded, or still on its way. Rendered in an
 * awaited act, as the app is: React's test mode retries a suspended part only there.
 */
async function renderNotices(link: string[], progress: ProgressBinding | Promise<ProgressBinding>) {
  const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID, notices: link });
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(
      <WalkthroughContext.Provider value={{ store, actions: createWalkthroughActions(store) }}>
        <ProgressContext.Provider value={progress}>
          <Notices />
        </ProgressContext.Provider>
      </WalkthroughContext.Provider>,
    );
  });
  return { store, container: view!.container };
}

function loadedProgress(notices: string[]): ProgressBinding {
  const store = createProgressStore(memoryStorage());
  store.setState({ notices });
  return { store, actions: createProgressActions(store) };
}

const items = () =>
  within(screen.getByRole('status'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the page’s notices', () => {
  it('show nothing, not even an empty box, when there is nothing to explain', async () => {
    const { container } = await renderNotices([], loadedProgress([]));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it('explain a bad link at once, while saved progress is still on its way, and can be dismissed then', async () => {
    const { store } = await renderNotices(['The link asked for step 999.'], new Promise(() => undefined));
    expect(items()).toEqual(['The link asked for step 999.']);
    // An error in the click's handler would reach the page as an uncaught error.
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      uncaught.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    window.removeEventListener('error', onError);
    expect(uncaught).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(store.getState().notices).toEqual([]);
  });

  it('list the link’s notices, then saved progress’s, and dismiss both together', async () => {
    const progress = loadedProgress(['Saved answers could not be read.']);
    const { store } = await renderNotices(['The link asked for step 999.'], Promise.resolve(progress));
    expect(items()).toEqual(['The link asked for step 999.', 'Saved answers could not be read.']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(store.getState().notices).toEqual([]);
    expect(progress.store.getState().notices).toEqual([]);
  });

  it('show saved progress’s notices alone', async () => {
    await renderNotices([], loadedProgress(['Saved answers could not be read.']));
    expect(items()).toEqual(['Saved answers could not be read.']);
  });
});

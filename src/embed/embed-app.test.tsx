import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageStores, PageProviders } from '@/app/page-stores';
import { EmbedApp } from './embed-app';

/** The embed opened at `search`, as a course page's frame would open it, once its saved progress has loaded. */
async function renderEmbed(search: string) {
  window.history.replaceState(null, '', `/embed.html${search}`);
  const stores = createPageStores(window);
  await act(async () => {
    render(
      <PageProviders stores={stores}>
        <EmbedApp onLabStep={() => undefined} onMapDrawn={() => undefined} />
      </PageProviders>,
    );
  });
}

describe('an embed asked for something Lockstep does not have', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('names a short unknown widget whole, and lists the widgets there are', async () => {
    await renderEmbed('?widget=banana');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Lockstep has no widget called “banana”. Use widget=walkthrough, widget=quiz, widget=question, widget=lab, widget=map; a question also needs id=.',
    );
  });

  it('echoes a 100,000-character widget cut to 40 characters', async () => {
    await renderEmbed(`?widget=${'w'.repeat(100_000)}`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Lockstep has no widget called “${'w'.repeat(40)}…”. Use widget=walkthrough`);
    expect(alert.textContent!.length).toBeLessThan(200);
  });

  it('echoes a 100,000-character question id cut to 40 characters, and names the known ids', async () => {
    await renderEmbed(`?widget=question&id=${'q'.repeat(100_000)}`);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`There is no quiz question with the id “${'q'.repeat(40)}…”. Known ids: `);
    expect(alert.textContent!.length).toBeLessThan(1_000);
  });
});

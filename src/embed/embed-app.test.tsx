import lab from 'virtual:lockstep/lab';
import practice from 'virtual:lockstep/practice';
import { act, cleanup, render, screen, within } from '@testing-library/react';
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

describe('an embed shows the widget its address asks for', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const title = () => document.querySelector('h1')?.textContent;

  it('the compact player by default, at the linked step, with a way out to the whole lesson there', async () => {
    await renderEmbed('?step=5&fencing=off');
    expect(title()).toBe('Lockstep walkthrough');
    const player = screen.getByRole('region', { name: 'Walkthrough' });
    expect(within(player).getByText(/^Step 5 of \d+$/)).toBeInTheDocument();
    expect(within(player).getByRole('link', { name: 'Open the whole lesson in Lockstep' })).toHaveAttribute(
      'href',
      './?step=5&fencing=off#walkthrough',
    );
    // The compact player keeps to stepping and fencing: no text version in a course column.
    expect(screen.queryByRole('button', { name: 'Text version' })).toBeNull();
  });

  it('the whole walkthrough with layout=full', async () => {
    await renderEmbed('?widget=walkthrough&layout=full&step=3');
    expect(title()).toBe('Lockstep walkthrough');
    expect(screen.getByRole('button', { name: 'Text version' })).toBeInTheDocument();
    expect(screen.getByText(/^Step 3 of \d+$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the whole lesson in Lockstep' })).toBeInTheDocument();
  });

  it('the quiz one question at a time by default, with no author tools', async () => {
    await renderEmbed('?widget=quiz');
    expect(title()).toBe('Lockstep quiz');
    expect(screen.getAllByRole('form')).toHaveLength(1);
    expect(screen.getByText(`Question 1 of ${practice.quiz.length}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Copy embed code/ })).toBeNull();
  });

  it('the whole quiz with layout=full, its embed code only with tools=on', async () => {
    await renderEmbed('?widget=quiz&layout=full');
    expect(screen.getAllByRole('form')).toHaveLength(practice.quiz.length);
    expect(screen.queryByRole('button', { name: /Copy embed code/ })).toBeNull();
    cleanup();
    await renderEmbed('?widget=quiz&layout=full&tools=on');
    expect(screen.getByRole('button', { name: 'Copy embed code for the quiz' })).toBeInTheDocument();
  });

  it('one question by its id, titled by its prompt, not its number', async () => {
    const third = practice.quiz[2]!;
    const prompt = third.prompt.replaceAll('`', '');
    await renderEmbed(`?widget=question&id=${third.id}`);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(title()).toBe(prompt);
    expect(document.title).toBe(`Lockstep question: ${prompt}`);
    expect(screen.getByRole('form', { name: prompt })).toBeInTheDocument();
    expect(screen.queryByText(/Question 3/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Check answer' })).toBeInTheDocument();
  });

  it('the lab, its settings in a sheet below the run, its own heading the page’s title', async () => {
    await renderEmbed('?widget=lab&service=etcd&layout=compact');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(lab.labels.title);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(screen.getByRole('link', { name: lab.labels.openInLockstep })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('details > summary')).toHaveTextContent(lab.labels.settings);
    expect(document.getElementById('lab')!.className).toMatch(/compact/);
  });
});

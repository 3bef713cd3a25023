import lesson from 'virtual:lockstep/lesson';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import RestOfLesson, { type LessonWidgets } from './rest-of-lesson';

const widgets: LessonWidgets = {
  run: (presetId) => <p data-testid={`run-${presetId}`}>run {presetId}</p>,
  map: <p data-testid="map">map</p>,
  fence: <p data-testid="fence">fence</p>,
  quiz: <p data-testid="quiz">quiz</p>,
  interview: <p data-testid="interview">interview</p>,
};

const slots = lesson.sections.flatMap((section) =>
  section.segments.flatMap((segment) => (segment.kind === 'widget' ? [segment.widget] : [])),
);

describe('<RestOfLesson>', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('shows every section as a region named by its heading, with each widget in its slot', () => {
    renderWalkthrough(<RestOfLesson widgets={widgets} />);
    for (const section of lesson.sections) {
      const region = document.querySelector(`section[aria-labelledby="${section.id}"]`);
      expect(region, section.id).not.toBeNull();
      expect(region!.querySelector(`#${CSS.escape(section.id)}`), section.id).not.toBeNull();
    }
    const runs = slots.filter((slot) => slot.startsWith('run-'));
    expect(runs.length).toBeGreaterThan(5);
    for (const run of runs) expect(screen.getByTestId(run).closest('.widget-slot')).not.toBeNull();
    for (const name of ['map', 'quiz', 'interview'])
      expect(screen.getByTestId(name).closest('.widget-slot')).not.toBeNull();
  });

  it('lists the accounts as cards and the references by their citation, each with its link', () => {
    renderWalkthrough(<RestOfLesson widgets={widgets} />);
    const accounts = lesson.sources.filter((source) => source.kind === 'account');
    const references = lesson.sources.filter((source) => source.kind === 'reference');
    const cards = within(screen.getByRole('list', { name: 'Accounts and arguments' })).getAllByRole('listitem');
    expect(cards).toHaveLength(accounts.length);
    accounts.forEach((account, index) => {
      expect(within(cards[index]!).getByRole('heading', { level: 4 })).toHaveTextContent(account.title);
      expect(within(cards[index]!).getByRole('link')).toHaveAttribute('href', account.url);
      expect(within(cards[index]!).getByRole('link')).toHaveAccessibleName(`Read the source: ${account.title}`);
    });
    const listed = within(screen.getByRole('list', { name: 'Documentation and source code' })).getAllByRole('listitem');
    expect(listed).toHaveLength(references.length);
    references.forEach((reference, index) => {
      expect(listed[index]).toHaveAttribute('id', `source-${reference.id}`);
      expect(listed[index]).toHaveTextContent(reference.cite);
      expect(within(listed[index]!).getByRole('link', { name: reference.title })).toHaveAttribute(
        'href',
        reference.url,
      );
    });
  });

  it('moves the walkthrough when a step link in the lesson is followed', async () => {
    const user = userEvent.setup();
    const { store } = renderWalkthrough(<RestOfLesson widgets={widgets} />);
    const link = [...document.querySelectorAll('a')].find(
      (candidate) => candidate.getAttribute('href') === '?step=19&fencing=off#walkthrough',
    );
    expect(link).toBeDefined();
    await user.click(link!);
    expect(store.getState()).toMatchObject({ cursor: 18, fencing: false });
  });

  it('rendered fresh, goes to the section the address names', () => {
    const scrolled = vi.spyOn(window, 'scrollBy');
    const target = lesson.sections[3]!.id;
    // Where the section's heading is laid out, as a browser would report it.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return { top: this.id === target ? 2400 : 0, bottom: 0 } as DOMRect;
    });
    window.history.replaceState(null, '', `/#${encodeURIComponent(target)}`);
    renderWalkthrough(<RestOfLesson widgets={widgets} />);
    expect(scrolled).toHaveBeenCalledExactlyOnceWith({ top: 2400, behavior: 'auto' });
  });

  it('reads an escaped fragment as the text it stands for', () => {
    const scrolled = vi.spyOn(window, 'scrollBy');
    // A heading whose id is not plain ASCII, as an author's own heading might be.
    const heading = document.createElement('h2');
    heading.id = 'café-locks';
    document.body.append(heading);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return { top: this === heading ? 900 : 0, bottom: 0 } as DOMRect;
    });
    window.history.replaceState(null, '', '/#caf%C3%A9-locks');
    renderWalkthrough(<RestOfLesson widgets={widgets} />);
    heading.remove();
    expect(scrolled).toHaveBeenCalledExactlyOnceWith({ top: 900, behavior: 'auto' });
  });

  it('goes nowhere for a fragment that names no heading, even a malformed one', () => {
    const scrolled = vi.spyOn(window, 'scrollBy');
    window.history.replaceState(null, '', '/#no-such-heading');
    const first = renderWalkthrough(<RestOfLesson widgets={widgets} />);
    first.unmount();
    window.history.replaceState(null, '', '/#%E0%A4%A');
    renderWalkthrough(<RestOfLesson widgets={widgets} />);
    expect(scrolled).not.toHaveBeenCalled();
  });
});

import content from 'virtual:lockstep/content';
import { render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import proseStyles from '@/components/prose.module.css';
import type { LessonSection } from '@/content/types';
import { KeepReadingPosition } from './keep-reading-position';
import * as readingPosition from './reading-position';
import { SectionView } from './section-view';
import { TableOfContents } from './table-of-contents';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the table of contents', () => {
  it("is a navigation landmark named by its heading, linking each section's anchor in order", () => {
    render(<TableOfContents />);
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      content.toc.map((entry) => [entry.title, `#${entry.id}`]),
    );
    expect(links.length).toBeGreaterThan(5);
  });
});

describe('a lesson section', () => {
  const section: LessonSection = {
    id: 'fencing',
    title: 'Fencing',
    segments: [
      { kind: 'html', html: '<h2 id="fencing">Fencing</h2><p>First words.</p>' },
      { kind: 'widget', widget: 'quiz' },
      { kind: 'html', html: '<p>Later words.</p>' },
      { kind: 'widget', widget: 'missing' },
    ],
  };

  it('is a region named by its heading, with its HTML and each widget in its slot, in order', () => {
    const { container } = render(<SectionView section={section} widgets={{ quiz: <p>the quiz</p> }} />);
    expect(screen.getByRole('region', { name: 'Fencing' })).toHaveClass('lesson-section');
    const parts = [...container.querySelector('section')!.children].map((part) => [part.className, part.textContent]);
    expect(parts.map(([, text]) => text)).toEqual(['FencingFirst words.', 'the quiz', 'Later words.', '']);
    expect(parts[1]![0]).toBe('widget-slot');
    // A slot the page fills with nothing stays empty rather than failing.
    expect(parts[3]![0]).toBe('widget-slot');
  });

  it('gives the opening look to the first part of the opening section only', () => {
    const classes = (opening?: boolean) =>
      [
        ...render(
          <SectionView section={section} widgets={{}} {...(opening === undefined ? {} : { opening })} />,
        ).container.querySelectorAll('section > div:not(.widget-slot)'),
      ].map((part) => part.className);
    const { prose, opening } = proseStyles;
    expect(classes(true)).toEqual([`${prose} ${opening}`, prose]);
    document.body.innerHTML = '';
    expect(classes(false)).toEqual([prose, prose]);
    // Every other section, which says nothing of it.
    document.body.innerHTML = '';
    expect(classes()).toEqual([prose, prose]);
  });
});

describe('keeping the reading position', () => {
  it('rendered fresh, keeps the position as the reader goes, and leaves putting it back to the rest of the lesson', () => {
    const keep = vi.spyOn(readingPosition, 'keepReadingPosition').mockReturnValue(() => undefined);
    const restore = vi.spyOn(readingPosition, 'restoreReadingPosition').mockReturnValue(true);
    const { unmount } = render(<KeepReadingPosition />);
    expect(keep).toHaveBeenCalledOnce();
    expect(restore).not.toHaveBeenCalled();
    unmount();
  });

  it('hydrating the prerendered page, whole from the start, puts the position back at once', async () => {
    const stop = vi.fn();
    const keep = vi.spyOn(readingPosition, 'keepReadingPosition').mockReturnValue(stop);
    const restore = vi.spyOn(readingPosition, 'restoreReadingPosition').mockReturnValue(true);
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<KeepReadingPosition />);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <KeepReadingPosition />);
    });
    expect(restore).toHaveBeenCalledOnce();
    expect(keep).toHaveBeenCalledOnce();
    // Leaving the page stops the keeping.
    act(() => root!.unmount());
    expect(stop).toHaveBeenCalledOnce();
  });
});

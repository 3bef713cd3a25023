import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import type * as ExportDiagram from './export-diagram';
import WalkthroughToolbar from './walkthrough-toolbar';

const exported = vi.hoisted(() => ({
  downloads: [] as { file: Blob; name: string }[],
  png: null as null | (() => Promise<Blob>),
}));
// The files themselves are export-diagram.test.ts's subject; here, which file the toolbar asks for and names.
vi.mock('./export-diagram', async (original) => ({
  ...(await original<typeof ExportDiagram>()),
  momentSvgFile: vi.fn(
    async (moment: ExportDiagram.Moment) =>
      `<svg>${[moment.diagram.id, moment.strip?.id, moment.heading, moment.caption].join(' | ')}</svg>`,
  ),
  momentPngFile: vi.fn(() => exported.png?.() ?? Promise.resolve(new Blob(['png'], { type: 'image/png' }))),
  download: vi.fn((file: Blob, name: string) => void exported.downloads.push({ file, name })),
}));

/** The walkthrough's strip and diagram where the toolbar looks for them. */
function diagramInPage() {
  document.body.insertAdjacentHTML(
    'beforeend',
    '<section id="walkthrough"><div class="bar-strip"><svg id="the-strip"></svg></div>' +
      '<div class="stage"><div class="diagram"><svg id="the-diagram"></svg></div></div></section>',
  );
}

let copied: string[];
beforeEach(() => {
  exported.downloads = [];
  exported.png = null;
  copied = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn(async (text: string) => void copied.push(text)) },
  });
});
afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

/** The toolbar's line for what went wrong (each copy button has a status line of its own). */
const problem = (text: string) => screen.queryAllByRole('status').find((status) => status.textContent === text) ?? null;

const press = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

describe("the walkthrough's toolbar", () => {
  it('downloads the diagram as SVG, named by its step and fencing mode', async () => {
    diagramInPage();
    renderWalkthrough(<WalkthroughToolbar authorTools />, { cursor: 19, fencing: false });
    await press('Download SVG');
    await waitFor(() => expect(exported.downloads).toHaveLength(1), { timeout: 15_000 });
    const [{ file, name }] = exported.downloads as [{ file: Blob; name: string }];
    expect(name).toBe('lockstep-step-20-fencing-off.svg');
    expect(file.type).toBe('image/svg+xml');
    // The diagram and the strip on the page, with the step's heading and its caption in plain words (no backticks).
    const [diagram, strip, heading, caption] = (await file.text()).replace(/^<svg>|<\/svg>$/g, '').split(' | ');
    expect([diagram, strip, heading]).toEqual(['the-diagram', 'the-strip', 'Step 20 of 23, at 42 s']);
    expect(caption).toMatch(/^The table answers UPDATE 1\. Renewer A/);
    expect(caption).not.toContain('`');
  });

  it('downloads the diagram as PNG, named by its step and fencing mode', async () => {
    diagramInPage();
    renderWalkthrough(<WalkthroughToolbar authorTools />, { cursor: 0, fencing: true });
    await press('Download PNG');
    await waitFor(() => expect(exported.downloads).toHaveLength(1), { timeout: 15_000 });
    expect(exported.downloads[0]?.name).toBe('lockstep-step-1-fencing-on.png');
    expect(await exported.downloads[0]?.file.text()).toBe('png');
  });

  it('says why when there is no single diagram to download, and downloads nothing', async () => {
    renderWalkthrough(<WalkthroughToolbar authorTools />);
    await press('Download SVG');
    expect(problem('Switch off the side-by-side view to download the diagram.')).toBeInTheDocument();
    expect(exported.downloads).toEqual([]);
  });

  it('says what went wrong when drawing fails, and clears it on the next try', async () => {
    diagramInPage();
    exported.png = () => Promise.reject(new Error('The image could not be drawn.'));
    renderWalkthrough(<WalkthroughToolbar authorTools />);
    await press('Download PNG');
    await waitFor(() => expect(problem('The image could not be drawn.')).toBeInTheDocument(), { timeout: 15_000 });
    exported.png = () => Promise.reject('not an Error');
    await press('Download PNG');
    await waitFor(() => expect(problem('The download failed.')).toBeInTheDocument(), { timeout: 15_000 });
    await press('Download SVG');
    await waitFor(() => expect(exported.downloads).toHaveLength(1), { timeout: 15_000 });
    expect(problem('The download failed.')).toBeNull();
  });

  it('while comparing side by side, offers no download', () => {
    renderWalkthrough(<WalkthroughToolbar authorTools />, { compare: true });
    expect(screen.getByRole('button', { name: 'Download SVG' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
  });

  it('copies a link to the step and an embed code for it, from the page the reader is on', async () => {
    window.history.replaceState(null, '', '/courses/locks/index.html?step=3#sources');
    renderWalkthrough(<WalkthroughToolbar authorTools />, { cursor: 19, fencing: false });
    await press('Copy link to this step');
    await press('Copy embed code');
    await waitFor(() => expect(copied).toHaveLength(2), { timeout: 15_000 });
    const page = `${window.location.origin}/courses/locks/`;
    expect(copied[0]).toBe(`${page}?step=20&fencing=off#walkthrough`);
    expect(copied[1]).toContain(`src="${page}embed.html?widget=walkthrough&amp;step=20&amp;fencing=off`);
  });

  it('links and downloads the step shown when the tool is used, after the reader has moved on', async () => {
    diagramInPage();
    window.history.replaceState(null, '', '/courses/locks/');
    const { actions } = renderWalkthrough(<WalkthroughToolbar authorTools />, { cursor: 0, fencing: true });
    act(() => {
      actions.next();
      actions.next();
      actions.setFencing(false);
    });
    await press('Copy link to this step');
    await waitFor(() => expect(copied).toHaveLength(1), { timeout: 15_000 });
    expect(copied[0]).toBe(`${window.location.origin}/courses/locks/?step=3&fencing=off#walkthrough`);
    await press('Download SVG');
    await waitFor(() => expect(exported.downloads).toHaveLength(1), { timeout: 15_000 });
    expect(exported.downloads[0]?.name).toBe('lockstep-step-3-fencing-off.svg');
  });

  it('without author tools, keeps only Compare (and Present where offered)', () => {
    const onPresent = vi.fn();
    renderWalkthrough(<WalkthroughToolbar authorTools={false} onPresent={onPresent} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Present',
      'Compare side by side',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Present' }));
    expect(onPresent).toHaveBeenCalledTimes(1);
  });

  it('Compare toggles the side-by-side view', () => {
    const { store } = renderWalkthrough(<WalkthroughToolbar authorTools={false} />);
    const compare = screen.getByRole('button', { name: 'Compare side by side' });
    expect(compare).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(compare);
    expect(store.getState().compare).toBe(true);
    expect(compare).toHaveAttribute('aria-pressed', 'true');
  });
});

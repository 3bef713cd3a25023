import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCENARIO_ID, selectStepCount } from '@/store/selectors';
import { createWalkthroughStore } from '@/store/walkthrough-store';
import { handleStepLinks } from './step-links';

const store = createWalkthroughStore({ scenarioId: DEFAULT_SCENARIO_ID });
const stepCount = (fencing: boolean) => selectStepCount({ ...store.getState(), fencing });

function lessonWith(href: string) {
  const root = document.createElement('article');
  root.innerHTML = `<p>See <a href="${href}"><code>the step</code></a>.</p>`;
  document.body.append(root);
  const visitStep = vi.fn();
  const stop = handleStepLinks(store, root, visitStep);
  /** Clicks the link's inner text, as a reader does; true when the browser would still follow the link. */
  const click = (init: MouseEventInit = {}) =>
    root.querySelector('code')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ...init }));
  return { root, visitStep, stop, click };
}

describe('handleStepLinks', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('moves the walkthrough to the linked step instead of loading the page', () => {
    const { visitStep, click } = lessonWith('?step=19&fencing=off#walkthrough');
    expect(click()).toBe(false);
    expect(visitStep).toHaveBeenCalledExactlyOnceWith({ cursor: 18, fencing: false });
  });

  it('reads the first and the last step, fencing on by default', () => {
    const first = lessonWith('?step=1#walkthrough');
    first.click();
    expect(first.visitStep).toHaveBeenCalledWith({ cursor: 0, fencing: true });
    const last = lessonWith(`?step=${stepCount(true)}`);
    last.click();
    expect(last.visitStep).toHaveBeenCalledWith({ cursor: stepCount(true) - 1, fencing: true });
  });

  it('opens a step beyond the end at the last one, and a step that is no step at the start', () => {
    const beyond = lessonWith(`?step=${stepCount(false) + 1}&fencing=off`);
    beyond.click();
    expect(beyond.visitStep).toHaveBeenCalledWith({ cursor: stepCount(false) - 1, fencing: false });
    const nonsense = lessonWith('?step=two');
    nonsense.click();
    expect(nonsense.visitStep).toHaveBeenCalledWith({ cursor: 0, fencing: true });
  });

  it('opens a query that names no step, or another page, at the start', () => {
    const bare = lessonWith('?fencing=on');
    bare.click();
    expect(bare.visitStep).toHaveBeenCalledWith({ cursor: 0, fencing: true });
    const presenting = lessonWith('?present&step=5');
    presenting.click();
    expect(presenting.visitStep).toHaveBeenCalledWith({ cursor: 0, fencing: true });
  });

  it.each([
    ['a link to the lab', '?lab&service=redis'],
    ['a link to a heading', '#fencing-tokens'],
    ['a link elsewhere', 'https://martin.kleppmann.com/'],
    ['a path', '/embed.html?step=3'],
  ])('leaves %s to the browser', (_, href) => {
    const { visitStep, click } = lessonWith(href);
    expect(click()).toBe(true);
    expect(visitStep).not.toHaveBeenCalled();
  });

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['the middle button', { button: 1 }],
  ])('leaves a click with %s to the browser (a new tab or window)', (_, init) => {
    const { visitStep, click } = lessonWith('?step=3');
    expect(click(init)).toBe(true);
    expect(visitStep).not.toHaveBeenCalled();
  });

  it('leaves a click something else already handled', () => {
    const { root, visitStep, click } = lessonWith('?step=3');
    root.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    click();
    expect(visitStep).not.toHaveBeenCalled();
  });

  it('ignores clicks outside links, and every click once stopped', () => {
    const { root, visitStep, stop, click } = lessonWith('?step=3');
    root.querySelector('p')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(visitStep).not.toHaveBeenCalled();
    stop();
    expect(click()).toBe(true);
    expect(visitStep).not.toHaveBeenCalled();
  });
});

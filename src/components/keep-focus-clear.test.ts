import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFocusClear, stickyBarCover } from './keep-focus-clear';

/** An element placed at `top`..`bottom` of the window, as the browser would lay it out. */
function placed<T extends HTMLElement>(element: T, top: number, bottom: number): T {
  element.getBoundingClientRect = () => ({ top, bottom, height: bottom - top }) as DOMRect;
  return element;
}

function stickyBar(top: number, bottom: number) {
  const bar = placed(document.createElement('div'), top, bottom);
  bar.style.position = 'sticky';
  document.body.append(bar);
  return bar;
}

function button(top: number, bottom: number, parent: HTMLElement = document.body) {
  const element = placed(document.createElement('button'), top, bottom);
  parent.append(element);
  return element;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('stickyBarCover: where a sticky bar stops covering the page', () => {
  it('is the bottom of a bar stuck to the top of the screen, for what is outside it', () => {
    const bar = stickyBar(0, 120);
    expect(stickyBarCover(bar, button(40, 84))).toBe(120);
    // Half a pixel of rounding still counts as stuck.
    expect(stickyBarCover(stickyBar(0.8, 120), button(40, 84))).toBe(120);
  });

  it('is nothing for a control in the bar, a bar in its place in the page, or one that is not sticky', () => {
    const bar = stickyBar(0, 120);
    expect(stickyBarCover(bar, button(10, 54, bar))).toBeNull();
    const section = placed(document.createElement('section'), -300, 2000);
    section.append(bar);
    document.body.append(section);
    expect(stickyBarCover(bar, section)).toBeNull();
    expect(stickyBarCover(stickyBar(2, 122), button(140, 184))).toBeNull();
    expect(stickyBarCover(stickyBar(-200, 0), button(10, 54))).toBeNull();
    const unstuck = stickyBar(0, 120);
    unstuck.style.position = 'static';
    expect(stickyBarCover(unstuck, button(10, 54))).toBeNull();
  });

  it('adds what sticks just below the bar, unless the control is in it', () => {
    const bar = stickyBar(0, 120);
    const names = placed(document.createElement('div'), 120, 160);
    document.body.append(names);
    expect(stickyBarCover(bar, button(130, 170), [names])).toBe(160);
    expect(stickyBarCover(bar, button(125, 150, names), [names])).toBe(120);
    // Names further down the page, not stuck under the bar, cover nothing.
    expect(stickyBarCover(bar, button(130, 170), [placed(document.createElement('div'), 400, 440)])).toBe(120);
  });

  it('adds each part stuck under the one before, in order, up to the part that holds the control', () => {
    const bar = stickyBar(0, 120);
    const moment = placed(document.createElement('div'), 120, 200);
    const names = placed(document.createElement('div'), 200, 240);
    document.body.append(moment, names);
    expect(stickyBarCover(bar, button(210, 250), [moment, null, names])).toBe(240);
    expect(stickyBarCover(bar, button(150, 180, moment), [moment, names])).toBe(120);
    // A part scrolled away from under the bar breaks the stack: what follows it is not stuck to it.
    const gone = placed(document.createElement('div'), -300, -200);
    document.body.append(gone);
    expect(stickyBarCover(bar, button(210, 250), [gone, names])).toBe(120);
  });
});

describe('keepFocusClear', () => {
  let frames: FrameRequestCallback[];
  let scrolls: ScrollToOptions[];
  beforeEach(() => {
    frames = [];
    scrolls = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    window.scrollBy = ((options: ScrollToOptions) => void scrolls.push(options)) as typeof window.scrollBy;
  });
  const afterScroll = () => frames.splice(0).forEach((callback) => callback(0));

  it('scrolls a control focused under the bar down clear of it, with a little room, once the browser has scrolled', () => {
    const stop = keepFocusClear(document, () => 120);
    const play = button(0, 44);
    play.focus();
    expect(scrolls).toEqual([]);
    afterScroll();
    expect(scrolls).toEqual([{ top: -128, behavior: 'instant' }]);
    stop();
  });

  it('leaves a control clear of the bar where it is, including one just below it', () => {
    const stop = keepFocusClear(document, () => 120);
    button(125, 169).focus();
    afterScroll();
    button(124, 168).focus();
    afterScroll();
    expect(scrolls).toEqual([]);
    // 3 px short of the room: scrolled.
    button(123, 167).focus();
    afterScroll();
    expect(scrolls).toEqual([{ top: -5, behavior: 'instant' }]);
    stop();
  });

  it('leaves a region taller than the room below the bar to be read by scrolling', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    const stop = keepFocusClear(document, () => 120);
    button(0, 673).focus();
    afterScroll();
    expect(scrolls).toEqual([]);
    button(0, 672).focus();
    afterScroll();
    expect(scrolls).toEqual([{ top: -128, behavior: 'instant' }]);
    stop();
  });

  it('does nothing where nothing covers, for a control that lost focus meanwhile, or once stopped', () => {
    const stop = keepFocusClear(document, () => null);
    button(0, 44).focus();
    afterScroll();
    stop();
    const stopAgain = keepFocusClear(document, () => 120);
    const first = button(0, 44);
    first.focus();
    first.blur();
    afterScroll();
    stopAgain();
    button(0, 44).focus();
    afterScroll();
    expect(scrolls).toEqual([]);
  });
});

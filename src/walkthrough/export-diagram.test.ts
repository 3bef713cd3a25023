// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagramPngFile, diagramSvgFile, exportFileName } from './export-diagram';

const drawn = vi.hoisted(() => ({ calls: [] as { svg: string; width: number; height: number }[] }));
// Drawing a PNG needs a browser's image decoder and canvas (tested in svg-file.test.ts and the browser suites);
// here the picture handed to it is what is checked.
vi.mock('@/components/svg-file', () => ({
  download: vi.fn(),
  pngFromSvg: vi.fn(async (svg: string, width: number, height: number) => {
    drawn.calls.push({ svg, width, height });
    return new Blob(['png']);
  }),
}));

vi.mock('@/story/diagram.module.css?inline', () => ({ default: '.arrow { stroke: red; }' }));

const SVG = 'http://www.w3.org/2000/svg';

/** A small diagram on the page, as the walkthrough draws one: labelled, with a line and a word. */
function diagramOnPage({ viewBox = '0 0 600 400', background = '' } = {}) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'Step 20: A writes its older certificate');
  if (viewBox) svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('width', '300');
  svg.setAttribute('height', '200');
  if (background) svg.style.setProperty('--d-bg', background);
  // jsdom has no SVG geometry: the browser's reading of the viewBox and of width and height is played here.
  const [, , boxWidth = 0, boxHeight = 0] = viewBox.split(' ').map(Number);
  Object.defineProperties(svg, {
    viewBox: { value: { baseVal: { width: boxWidth, height: boxHeight } } },
    width: { value: { baseVal: { value: 300 } } },
    height: { value: { baseVal: { value: 200 } } },
  });
  const line = document.createElementNS(SVG, 'line');
  line.setAttribute('class', 'arrow');
  line.style.stroke = 'rgb(200, 0, 0)';
  line.style.strokeWidth = '3px';
  const word = document.createElementNS(SVG, 'text');
  word.textContent = 'write';
  word.style.fontWeight = '700';
  svg.append(line, word);
  document.body.append(svg);
  return svg;
}

afterEach(() => {
  document.body.replaceChildren();
  drawn.calls = [];
});

const parsed = (text: string) => new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;

describe('an exported diagram is named by where in the story it was taken', () => {
  it.each([
    [1, true, 'svg', 'lockstep-step-1-fencing-on.svg'],
    [20, false, 'png', 'lockstep-step-20-fencing-off.png'],
  ] as const)('step %i, fencing %s, as %s: %s', (step, fencing, format, name) => {
    expect(exportFileName(step, fencing, format)).toBe(name);
  });
});

describe('the diagram as a standalone SVG file', () => {
  it('is an XML document in the SVG namespace, titled with the diagram’s label instead of an ARIA role', async () => {
    const file = await diagramSvgFile(diagramOnPage());
    expect(file.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    const root = parsed(file.slice(file.indexOf('\n') + 1));
    expect(root.namespaceURI).toBe(SVG);
    expect(root.getAttribute('role')).toBeNull();
    expect(root.getAttribute('aria-label')).toBeNull();
    const [title, style, background] = [...root.children];
    expect(title?.tagName).toBe('title');
    expect(title?.textContent).toBe('Step 20: A writes its older certificate');
    expect(style?.tagName).toBe('style');
    expect(style?.textContent).toBe('.arrow { stroke: red; }');
    expect(background?.tagName).toBe('rect');
    expect(background?.getAttribute('width')).toBe('100%');
    expect(background?.getAttribute('height')).toBe('100%');
    // Each added element is an SVG element: one in no namespace is not drawn, and its title not read.
    expect([title, style, background].map((element) => element?.namespaceURI)).toEqual([SVG, SVG, SVG]);
    // The drawing itself follows, unchanged.
    expect([...root.children].slice(3).map((child) => child.tagName)).toEqual(['line', 'text']);
  });

  it('leaves the diagram on the page as it was', async () => {
    const svg = diagramOnPage();
    const before = svg.outerHTML;
    await diagramSvgFile(svg);
    expect(svg.outerHTML).toBe(before);
  });

  it('has a white background, or the page’s own diagram background (dark mode)', async () => {
    expect(
      parsed((await diagramSvgFile(diagramOnPage())).split('\n')[1]!)
        .querySelector('rect')
        ?.getAttribute('fill'),
    ).toBe('#ffffff');
    document.body.replaceChildren();
    const dark = await diagramSvgFile(diagramOnPage({ background: ' #101418 ' }));
    expect(parsed(dark.split('\n')[1]!).querySelector('rect')?.getAttribute('fill')).toBe('#101418');
  });

  it('without a label, is titled as a Lockstep sequence diagram', async () => {
    const svg = diagramOnPage();
    svg.removeAttribute('aria-label');
    const file = await diagramSvgFile(svg);
    expect(parsed(file.split('\n')[1]!).querySelector('title')?.textContent).toBe('Lockstep sequence diagram');
  });
});

describe('the diagram as a PNG', () => {
  it('is drawn from a copy carrying each element’s computed style as attributes, at the viewBox’s size', async () => {
    const blob = await diagramPngFile(diagramOnPage());
    expect(await blob.text()).toBe('png');
    expect(drawn.calls).toHaveLength(1);
    const { svg, width, height } = drawn.calls[0]!;
    expect([width, height]).toEqual([600, 400]);
    const root = parsed(svg);
    expect(root.namespaceURI).toBe(SVG);
    // No <style> element: an image from a blob: URL inherits the page's CSP, which refuses one.
    expect(root.querySelector('style')).toBeNull();
    expect(root.firstElementChild?.tagName).toBe('rect');
    expect(root.firstElementChild?.getAttribute('fill')).toBe('#ffffff');
    expect(root.firstElementChild?.getAttribute('width')).toBe('100%');
    expect(root.firstElementChild?.getAttribute('height')).toBe('100%');
    expect(root.firstElementChild?.namespaceURI).toBe(SVG);
    const line = root.querySelector('line');
    expect(line?.getAttribute('stroke')).toBe('rgb(200, 0, 0)');
    expect(line?.getAttribute('stroke-width')).toBe('3px');
    expect(root.querySelector('text')?.getAttribute('font-weight')).toBe('700');
    // The background rectangle is the copy's own: the elements kept their order after it.
    expect([...root.children].map((child) => child.tagName)).toEqual(['rect', 'line', 'text']);
  });

  it('without a viewBox, at the diagram’s own width and height', async () => {
    await diagramPngFile(diagramOnPage({ viewBox: '' }));
    expect(drawn.calls[0]).toMatchObject({ width: 300, height: 200 });
  });

  it('on a dark page, on the diagram’s dark background', async () => {
    await diagramPngFile(diagramOnPage({ background: ' #101418 ' }));
    expect(parsed(drawn.calls[0]!.svg).firstElementChild?.getAttribute('fill')).toBe('#101418');
  });
});

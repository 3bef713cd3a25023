// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  exportFileName,
  momentPngFile,
  momentSvgFile,
  pinColourScheme,
  wrapCaption,
  type Moment,
} from './export-diagram';

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

/** A small drawing on the page, as the walkthrough draws one: labelled, with a line and a word. */
function diagramOnPage({
  viewBox = '0 0 600 400',
  background = '',
  label = 'Step 20: A writes its older certificate',
} = {}) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('class', 'diagram-svg');
  svg.setAttribute('aria-label', label);
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
const CAPTION =
  'Renewer A wakes from its pause and writes its older certificate with token 33; the table has seen 34, so the write matches 0 rows.';

/** The moment at step 20: its heading and caption, a strip 1200 × 104 and a diagram 600 × 400. */
function momentOnPage({ strip = true, background = '' } = {}): Moment {
  return {
    heading: 'Step 20 of 23, at 42 s',
    caption: CAPTION,
    strip: strip ? diagramOnPage({ viewBox: '0 0 1200 104', label: 'Time to scale, now 42 s.' }) : null,
    diagram: diagramOnPage({ background }),
  };
}

describe('an exported picture is named by where in the story it was taken', () => {
  it.each([
    [1, true, 'svg', 'lockstep-step-1-fencing-on.svg'],
    [20, false, 'png', 'lockstep-step-20-fencing-off.png'],
  ] as const)('step %i, fencing %s, as %s: %s', (step, fencing, format, name) => {
    expect(exportFileName(step, fencing, format)).toBe(name);
  });
});

describe('the caption wrapped to the picture', () => {
  it('keeps every word in order, each line within the width, breaking only between words', () => {
    const lines = wrapCaption(CAPTION, 400);
    expect(lines.join(' ')).toBe(CAPTION);
    // Where text cannot be measured, a character is taken as 8 px: 400 px holds 50 of them.
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(50);
    expect(lines.length).toBe(3);
    // Each line is as full as it can be: the next line's first word would not have fitted.
    lines.slice(1).forEach((line, index) => expect(`${lines[index]} ${line.split(' ')[0]}`.length).toBeGreaterThan(50));
  });

  it('by the width the browser measures, where it can: a line just fits, one more character does not', () => {
    const measure = (text: string) => text.length * 10;
    expect(wrapCaption('aaaa bbbb cccc', 90, measure)).toEqual(['aaaa bbbb', 'cccc']);
    expect(wrapCaption('aaaa bbbb cccc', 89, measure)).toEqual(['aaaa', 'bbbb', 'cccc']);
    expect(wrapCaption('aaaa bbbb cccc', 140, measure)).toEqual(['aaaa bbbb cccc']);
  });

  it('a word longer than a line keeps a line of its own; no line is empty', () => {
    expect(wrapCaption(`a ${'x'.repeat(80)} b`, 160)).toEqual(['a', 'x'.repeat(80), 'b']);
    expect(wrapCaption('  ', 600)).toEqual([]);
  });
});

describe('the moment as a standalone SVG file', () => {
  it('is an XML document in the SVG namespace: title, style, background, heading and caption, strip, diagram', async () => {
    const file = await momentSvgFile(momentOnPage());
    expect(file.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
    const root = parsed(file.slice(file.indexOf('\n') + 1));
    expect(root.namespaceURI).toBe(SVG);
    expect([...root.children].map((child) => child.tagName)).toEqual(['title', 'style', 'rect', 'g', 'svg', 'svg']);
    expect([...root.children].map((child) => child.namespaceURI)).toEqual(Array(6).fill(SVG));
    const [title, style, background, words, strip, diagram] = [...root.children];
    expect(title!.textContent).toBe(`Step 20 of 23, at 42 s: ${CAPTION}`);
    expect(style!.textContent).toBe('.arrow { stroke: red; }');
    expect([background!.getAttribute('width'), background!.getAttribute('height')]).toEqual(['100%', '100%']);
    // The heading, then the caption in lines that give back its words.
    const texts = [...words!.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts[0]).toBe('Step 20 of 23, at 42 s');
    expect(texts.slice(1).join(' ')).toBe(CAPTION);
    expect(texts.length).toBeGreaterThan(2);
    // The strip, scaled to the picture's width less its margins, under the words; the diagram at its size under it.
    const y = (element: Element | undefined) => Number(element!.getAttribute('y'));
    expect(strip!.getAttribute('width')).toBe('568');
    expect(Number(strip!.getAttribute('height'))).toBeCloseTo((104 * 568) / 1200);
    expect(y(strip)).toBeGreaterThan(Number(words!.lastElementChild!.getAttribute('y')));
    expect([diagram!.getAttribute('width'), diagram!.getAttribute('height')]).toEqual(['600', '400']);
    expect(y(diagram)).toBeCloseTo(y(strip) + Number(strip!.getAttribute('height')) + 16);
    expect(root.getAttribute('viewBox')).toBe(`0 0 600 ${y(diagram) + 400}`);
    expect(root.getAttribute('height')).toBe(String(y(diagram) + 400));
    // The diagram keeps its classes for the embedded stylesheet; neither drawing keeps an ARIA role or label.
    expect(diagram!.getAttribute('class')).toBe('diagram-svg');
    for (const drawing of [strip!, diagram!]) {
      expect(drawing.getAttribute('role')).toBeNull();
      expect(drawing.getAttribute('aria-label')).toBeNull();
      expect([...drawing.children].map((child) => child.tagName)).toEqual(['line', 'text']);
    }
    // The strip carries its computed style: the page's stylesheets and custom properties are not in the file.
    expect(strip!.querySelector('line')!.getAttribute('stroke')).toBe('rgb(200, 0, 0)');
  });

  it('without a strip (none on the page), the diagram comes right under the words', async () => {
    const root = parsed((await momentSvgFile(momentOnPage({ strip: false }))).split('\n')[1]!);
    const [, , , words, diagram] = [...root.children];
    expect([...root.children].map((child) => child.tagName)).toEqual(['title', 'style', 'rect', 'g', 'svg']);
    expect(Number(diagram!.getAttribute('y'))).toBeCloseTo(Number(words!.lastElementChild!.getAttribute('y')) + 16);
  });

  it('leaves the drawings on the page as they were', async () => {
    const moment = momentOnPage();
    const before = [moment.strip!.outerHTML, moment.diagram.outerHTML];
    await momentSvgFile(moment);
    expect([moment.strip!.outerHTML, moment.diagram.outerHTML]).toEqual(before);
  });

  it('has a white background, or the page’s own diagram background (dark mode)', async () => {
    const fill = async (moment: Moment) =>
      parsed((await momentSvgFile(moment)).split('\n')[1]!)
        .querySelector(':scope > rect')
        ?.getAttribute('fill');
    expect(await fill(momentOnPage())).toBe('#ffffff');
    document.body.replaceChildren();
    expect(await fill(momentOnPage({ background: ' #101418 ' }))).toBe('#101418');
  });

  it('a diagram narrower than 480 px is centred in a picture 480 px wide, where the caption has room', async () => {
    const moment = { ...momentOnPage(), diagram: diagramOnPage({ viewBox: '0 0 320 400' }) };
    const root = parsed((await momentSvgFile(moment)).split('\n')[1]!);
    expect(root.getAttribute('width')).toBe('480');
    expect(root.querySelector(':scope > svg:last-child')!.getAttribute('x')).toBe('80');
  });
});

describe('the moment as a PNG', () => {
  it('is drawn from a copy carrying each element’s computed style as attributes, at the picture’s size', async () => {
    const blob = await momentPngFile(momentOnPage());
    expect(await blob.text()).toBe('png');
    expect(drawn.calls).toHaveLength(1);
    const { svg, width, height } = drawn.calls[0]!;
    const root = parsed(svg);
    expect([width, height]).toEqual([600, Number(root.getAttribute('height'))]);
    expect(root.namespaceURI).toBe(SVG);
    // No <style> element: an image from a blob: URL inherits the page's CSP, which refuses one.
    expect(root.querySelector('style')).toBeNull();
    expect([...root.children].map((child) => child.tagName)).toEqual(['title', 'rect', 'g', 'svg', 'svg']);
    expect(root.querySelector(':scope > rect')!.getAttribute('fill')).toBe('#ffffff');
    for (const drawing of root.querySelectorAll(':scope > svg')) {
      expect(drawing.querySelector('line')?.getAttribute('stroke')).toBe('rgb(200, 0, 0)');
      expect(drawing.querySelector('line')?.getAttribute('stroke-width')).toBe('3px');
      expect(drawing.querySelector('text')?.getAttribute('font-weight')).toBe('700');
    }
    expect(root.querySelector('g text')!.textContent).toBe('Step 20 of 23, at 42 s');
  });

  it('a diagram without a viewBox is placed at its own width and height', async () => {
    await momentPngFile({ ...momentOnPage({ strip: false }), diagram: diagramOnPage({ viewBox: '' }) });
    const root = parsed(drawn.calls[0]!.svg);
    const diagram = root.querySelector(':scope > svg')!;
    expect([diagram.getAttribute('width'), diagram.getAttribute('height')]).toEqual(['300', '200']);
    // The picture is at least 480 px wide: the caption needs the room.
    expect(drawn.calls[0]!.width).toBe(480);
  });

  it('on a dark page, on the diagram’s dark background', async () => {
    await momentPngFile(momentOnPage({ background: ' #101418 ' }));
    expect(parsed(drawn.calls[0]!.svg).querySelector(':scope > rect')?.getAttribute('fill')).toBe('#101418');
  });
});

describe('an SVG file keeps the colour scheme it was exported in', () => {
  const css =
    '.a{--t:#000}@media (prefers-color-scheme:dark){.a{--t:#fff}.b{fill:red}}.c{x:1}@media (prefers-color-scheme: dark) {.d{y:2}}';

  it('exported light: the dark blocks are left out, the rest kept in order', () => {
    expect(pinColourScheme(css, false)).toBe('.a{--t:#000}.c{x:1}');
  });

  it('exported dark: the dark blocks apply whatever the viewer prefers, after the light rules they override', () => {
    expect(pinColourScheme(css, true)).toBe('.a{--t:#000}.a{--t:#fff}.b{fill:red}.c{x:1}.d{y:2}');
  });

  it('leaves other media blocks and a sheet without any alone', () => {
    expect(pinColourScheme('@media print{.a{b:c}}.d{e:f}', true)).toBe('@media print{.a{b:c}}.d{e:f}');
    expect(pinColourScheme('', false)).toBe('');
  });
});

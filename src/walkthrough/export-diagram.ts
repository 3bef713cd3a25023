import { download, pngFromSvg } from '@/components/svg-file';
import { known } from '@/sim/known';
/** How an exported file is named: where in the story it was taken. */
export function exportFileName(step: number, fencing: boolean, format: 'svg' | 'png'): string {
  return `lockstep-step-${step}-fencing-${fencing ? 'on' : 'off'}.${format}`;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** A rectangle filling the picture with the diagram's own background: white, or dark when the page was dark. */
function backgroundOf(svg: SVGSVGElement): SVGRectElement {
  const background = document.createElementNS(SVG_NAMESPACE, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', getComputedStyle(svg).getPropertyValue('--d-bg').trim() || '#ffffff');
  return background;
}

/** A moment of the walkthrough as the page shows it: the step's heading and caption, the run to scale, the diagram. */
export interface Moment {
  /** "Step 20 of 23 · 42 s". */
  readonly heading: string;
  readonly caption: string;
  readonly strip: SVGSVGElement | null;
  readonly diagram: SVGSVGElement;
}

const PAD = 16;
const HEADING_SIZE = 16;
const CAPTION_SIZE = 15;
const LINE_HEIGHT = 20;
/** About the width of a character of the page's sans-serif at the caption's size, where text cannot be measured. */
const CHARACTER_WIDTH = 8;

/** Measures text in `font` where the browser can (an offscreen canvas), else estimates it by its length. */
function textMeasure(font: string): (text: string) => number {
  const context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return (text) => text.length * CHARACTER_WIDTH;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/** Words wrapped into lines of at most `width` pixels as `measure` gives them; a longer word keeps a line of its own. */
export function wrapCaption(
  text: string,
  width: number,
  measure: (text: string) => number = (line) => line.length * CHARACTER_WIDTH,
): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The size a drawing says it has: its viewBox, or else its width and height. */
function sizeOf(svg: SVGSVGElement) {
  return {
    width: svg.viewBox.baseVal.width || svg.width.baseVal.value,
    height: svg.viewBox.baseVal.height || svg.height.baseVal.value,
  };
}

function element(name: string, attributes: Record<string, string | number>, text?: string) {
  const created = document.createElementNS(SVG_NAMESPACE, name);
  for (const [key, value] of Object.entries(attributes)) created.setAttribute(key, String(value));
  if (text !== undefined) created.textContent = text;
  return created;
}

/** Style properties the drawings use that SVG also accepts as presentation attributes. */
const PRESENTATION = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linecap',
  'opacity',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
] as const;

/**
 * A copy of a drawing carrying each element's computed style as presentation attributes, which no
 * Content-Security-Policy restricts and which need none of the page's stylesheets or custom properties.
 */
function withComputedStyle(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, index) => {
    const computed = getComputedStyle(original);
    for (const property of PRESENTATION) copies[index]?.setAttribute(property, computed.getPropertyValue(property));
  });
  return copy;
}

/**
 * One picture of the moment, `diagram` drawn by `drawDiagram`: the background, the heading and caption wrapped to
 * the picture's width, the strip scaled to that width, and the diagram at its own size under them.
 */
function composeMoment(moment: Moment, drawDiagram: (svg: SVGSVGElement) => SVGSVGElement) {
  const diagramSize = sizeOf(moment.diagram);
  const width = Math.max(diagramSize.width, 480);
  const text = getComputedStyle(moment.diagram).getPropertyValue('--d-text').trim() || '#1d2430';
  const font = getComputedStyle(moment.diagram).getPropertyValue('font-family') || 'sans-serif';
  const lines = wrapCaption(moment.caption, width - 2 * PAD, textMeasure(`${CAPTION_SIZE}px ${font}`));
  const picture = element('svg', {});
  const title = element('title', {}, `${moment.heading}: ${moment.caption}`);
  const words = element('g', { fill: text, 'font-family': font });
  words.append(
    element('text', { x: PAD, y: PAD + HEADING_SIZE, 'font-size': HEADING_SIZE, 'font-weight': 700 }, moment.heading),
    ...lines.map((line, index) =>
      element(
        'text',
        { x: PAD, y: PAD + HEADING_SIZE + (index + 1) * LINE_HEIGHT + 4, 'font-size': CAPTION_SIZE },
        line,
      ),
    ),
  );
  let y = PAD + HEADING_SIZE + lines.length * LINE_HEIGHT + 4 + PAD;
  const parts: Element[] = [];
  if (moment.strip) {
    const stripSize = sizeOf(moment.strip);
    const stripWidth = width - 2 * PAD;
    const stripHeight = (stripSize.height * stripWidth) / stripSize.width;
    const strip = withComputedStyle(moment.strip);
    for (const name of ['role', 'aria-label', 'class']) strip.removeAttribute(name);
    for (const [key, value] of Object.entries({ x: PAD, y, width: stripWidth, height: stripHeight })) {
      strip.setAttribute(key, String(value));
    }
    parts.push(strip);
    y += stripHeight + PAD;
  }
  const diagram = drawDiagram(moment.diagram);
  diagram.removeAttribute('role');
  for (const [key, value] of Object.entries({
    x: (width - diagramSize.width) / 2,
    y,
    width: diagramSize.width,
    height: diagramSize.height,
  })) {
    diagram.setAttribute(key, String(value));
  }
  parts.push(diagram);
  const height = y + diagramSize.height;
  for (const [key, value] of Object.entries({ width, height, viewBox: `0 0 ${width} ${height}` })) {
    picture.setAttribute(key, String(value));
  }
  picture.append(title, backgroundOf(moment.diagram), words, ...parts);
  return { picture, width, height };
}

/**
 * `css` with its `prefers-color-scheme: dark` blocks made unconditional (`dark`) or left out: a file keeps the scheme
 * it was exported in.
 */
export function pinColourScheme(css: string, dark: boolean): string {
  const opening = /@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{/g;
  let pinned = '';
  let from = 0;
  for (let match = opening.exec(css); match; match = opening.exec(css)) {
    // The block's end: the brace that closes the one the match opened.
    let depth = 1;
    let at = opening.lastIndex;
    for (; at < css.length && depth > 0; at += 1) depth += css[at] === '{' ? 1 : css[at] === '}' ? -1 : 0;
    pinned += css.slice(from, match.index) + (dark ? css.slice(opening.lastIndex, at - 1) : '');
    from = at;
    opening.lastIndex = at;
  }
  return pinned + css.slice(from);
}

/**
 * A standalone SVG file of the moment: the step's caption, the run to scale and the diagram, with the diagram's own
 * stylesheet embedded and a background added, so it looks the same on a slide as on the page.
 */
export async function momentSvgFile(moment: Moment): Promise<string> {
  // Compiled, so its class names are the ones the diagram's elements carry.
  const { default: css } = await import('@/story/diagram.module.css?inline');
  const { picture } = composeMoment(moment, (svg) => {
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.removeAttribute('aria-label');
    return copy;
  });
  // The words and the strip carry the colours they had on the page: the diagram keeps to the same scheme, whatever
  // the scheme of the program that opens the file.
  const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  known(picture.querySelector('title')).after(element('style', {}, pinColourScheme(css, dark)));
  // The serializer declares the SVG namespace on the root itself (an xmlns attribute set here came out twice in jsdom).
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(picture)}`;
}

/**
 * The same picture as a PNG at twice its size, sharp enough for a projector. An image made from a blob: URL inherits
 * the page's Content-Security-Policy, which refuses a <style> element: every part carries its computed style instead.
 */
export function momentPngFile(moment: Moment): Promise<Blob> {
  const { picture, width, height } = composeMoment(moment, (svg) => {
    const copy = withComputedStyle(svg);
    copy.removeAttribute('aria-label');
    return copy;
  });
  return pngFromSvg(new XMLSerializer().serializeToString(picture), width, height);
}

export { download };

import { pngFromSvg } from '@/components/svg-file';
import { known } from '@/sim/known';

/**
 * A map as a file: its SVG made standalone (the page's stylesheet copied onto each shape, its words around it), and
 * the same drawn to a PNG. The browser draws both, so the file shows what the page showed, in its light or dark theme.
 */

/** What a shape takes from the stylesheet; a class means nothing outside the page. */
const PAINT = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-linejoin',
  'paint-order',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
] as const;

const LINE = 16;
const MARGIN = 12;
const MIN_WIDTH = 640;

/** Splits a sentence into lines of at most `chars` characters, at spaces. */
export function wrap(text: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface StandaloneSvg {
  readonly text: string;
  readonly width: number;
  readonly height: number;
}

/** The map's drawing with its heading above and its notes (summary, boundaries) below, as one SVG file. */
export function standaloneSvg(svg: SVGSVGElement, heading: string, notes: readonly string[]): StandaloneSvg {
  const drawing = svg.cloneNode(true) as SVGSVGElement;
  const originals = [...svg.querySelectorAll('*')];
  // Styles are copied pairwise, original to copy, before anything marked `data-export="omit"` is taken out.
  [...drawing.querySelectorAll('*')].forEach((copy, index) => {
    const original = known(originals[index]);
    const style = getComputedStyle(original);
    for (const property of PAINT) {
      // A pattern fill is the shape's own attribute; the computed `url(…)` may be made absolute.
      if (property === 'fill' && original.getAttribute('fill')?.startsWith('url(')) continue;
      const value = style.getPropertyValue(property);
      if (value) copy.setAttribute(property, value);
    }
    copy.removeAttribute('class');
  });
  for (const omitted of drawing.querySelectorAll('[data-export="omit"]')) omitted.remove();
  const [, , drawingWidth = 0, drawingHeight = 0] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  const width = Math.max(MIN_WIDTH, drawingWidth + 2 * MARGIN);
  const chars = Math.floor((width - 2 * MARGIN) / 6.6);
  const page = getComputedStyle(document.body);
  // The page's own background: the body's, or the root's where the body has none.
  const background =
    [document.body, document.documentElement]
      .map((element) => getComputedStyle(element).backgroundColor)
      .find((colour) => colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') ?? '#ffffff';
  const head = wrap(heading, chars);
  const foot = notes.flatMap((note) => wrap(note, chars));
  const top = MARGIN + head.length * LINE + 4;
  const height = top + drawingHeight + foot.length * LINE + MARGIN;
  const lines = (texts: readonly string[], y: number, weight: number) =>
    texts
      .map(
        (line, index) =>
          `<text x="${MARGIN}" y="${y + index * LINE}" font-size="12" font-weight="${weight}">${escapeXml(line)}</text>`,
      )
      .join('');
  const text =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${escapeXml(page.fontFamily)}" fill="${page.color}">` +
    `<rect width="${width}" height="${height}" fill="${background}"/>` +
    lines(head, MARGIN + 12, 600) +
    `<g transform="translate(${MARGIN} ${top})">${drawing.innerHTML}</g>` +
    lines(foot, top + drawingHeight + 12, 400) +
    `</svg>`;
  return { text, width, height };
}

/** The SVG drawn at twice its size, as a PNG. */
export const pngOf = (svg: StandaloneSvg): Promise<Blob> => pngFromSvg(svg.text, svg.width, svg.height);

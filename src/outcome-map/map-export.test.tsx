import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standaloneSvg, wrap } from './map-export';
import { ExportButtons } from './map-export-buttons';

describe('wrap', () => {
  it('breaks at spaces so that no line is longer than asked, and a line may be exactly that long', () => {
    expect(wrap('ab cd', 5)).toEqual(['ab cd']);
    expect(wrap('ab cd', 4)).toEqual(['ab', 'cd']);
    expect(wrap('a bb ccc dd', 4)).toEqual(['a bb', 'ccc', 'dd']);
  });

  it('keeps a word longer than a line whole, on a line of its own', () => {
    expect(wrap('certificate ok', 4)).toEqual(['certificate', 'ok']);
    expect(wrap('ok certificate', 4)).toEqual(['ok', 'certificate']);
  });

  it('makes no line of nothing', () => {
    expect(wrap('', 10)).toEqual([]);
  });
});

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A map's drawing as the page has it: classed shapes styled by the page, a pattern fill, a part the file omits. */
function drawing(viewBox = '0 0 300 200') {
  const style = document.createElement('style');
  style.textContent = '.safe { fill: rgb(0, 128, 0); stroke-width: 2px; } .line { stroke: rgb(200, 0, 0); }';
  document.head.append(style);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.innerHTML =
    '<rect class="safe" width="8" height="8"/>' +
    '<rect class="safe" fill="url(#hatch)" x="8" width="8" height="8"/>' +
    '<path class="line" d="M0 0L8 0"/>' +
    '<g data-export="omit"><circle class="ring" r="4"/></g>';
  document.body.append(svg);
  return svg;
}
/** The file read as XML (as an image viewer would), then brought into the page for the matchers. */
function parse(text: string) {
  const file = new DOMParser().parseFromString(text, 'image/svg+xml');
  expect(file.querySelector('parsererror')).toBeNull();
  return document.importNode(file.documentElement, true);
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.documentElement.removeAttribute('style');
});

describe('standaloneSvg', () => {
  it("copies the page's styles onto each shape, keeps pattern fills, and leaves out what is marked to omit", () => {
    const svg = drawing();
    const file = parse(standaloneSvg(svg, 'The table checks nothing', []).text);
    const [plain, hatched] = [...file.querySelectorAll('rect')].slice(1);
    expect(plain).toHaveAttribute('fill', 'rgb(0, 128, 0)');
    expect(plain).toHaveAttribute('stroke-width', '2px');
    expect(plain).not.toHaveAttribute('class');
    expect(hatched).toHaveAttribute('fill', 'url(#hatch)');
    expect(file.querySelector('path')).toHaveAttribute('stroke', 'rgb(200, 0, 0)');
    expect(file.querySelector('circle')).toBeNull();
    // The page's own drawing is left as it was.
    expect(svg.querySelector('rect')).toHaveAttribute('class', 'safe');
    expect(svg.querySelector('circle')).not.toBeNull();
  });

  it('is at least 640 wide, or the drawing and its margins where wider, with the heading above and the notes below', () => {
    const narrow = standaloneSvg(drawing(), 'Heading', ['One note.', 'Another.']);
    // Top: a 12 px margin, one line of heading (16), 4 more; then the 200 px drawing, two lines of notes, the margin.
    expect(narrow).toMatchObject({ width: 640, height: 12 + 16 + 4 + 200 + 2 * 16 + 12 });
    const file = parse(narrow.text);
    expect(file).toHaveAttribute('viewBox', '0 0 640 276');
    expect(file.querySelector('g')).toHaveAttribute('transform', 'translate(12 32)');
    const texts = [...file.querySelectorAll(':scope > text')].map((text) => [
      text.textContent,
      text.getAttribute('y'),
      text.getAttribute('font-weight'),
    ]);
    expect(texts).toEqual([
      ['Heading', '24', '600'],
      ['One note.', '244', '400'],
      ['Another.', '260', '400'],
    ]);
    document.body.innerHTML = '';
    expect(standaloneSvg(drawing('0 0 700 100'), 'Heading', []).width).toBe(724);
    document.body.innerHTML = '';
    expect(standaloneSvg(drawing('0 0 616 100'), 'Heading', []).width).toBe(640);
    document.body.innerHTML = '';
    expect(standaloneSvg(drawing('0 0 617 100'), 'Heading', []).width).toBe(641);
  });

  it('wraps its words to the width, about 6.6 px a character', () => {
    // (640 − 2 × 12) / 6.6 = 93.3: lines of at most 93 characters.
    const words = Array.from({ length: 30 }, () => 'abcd').join(' ');
    const { text, height } = standaloneSvg(drawing(), words, []);
    const lines = [...parse(text).querySelectorAll(':scope > text')].map((line) => line.textContent!);
    expect(lines.map((line) => line.length)).toEqual([89, 59]);
    expect(height).toBe(12 + 2 * 16 + 4 + 200 + 12);
  });

  it('escapes what would break the file, in its words and in the font name', () => {
    document.body.style.fontFamily = '"Fira <Sans>"';
    const { text } = standaloneSvg(drawing(), 'Tokens & "fences" <33>', ['a < b']);
    const file = parse(text);
    expect(file.querySelector(':scope > text')!.textContent).toBe('Tokens & "fences" <33>');
    expect(file.getAttribute('font-family')).toBe('"Fira <Sans>"');
  });

  it("is painted in the page's background: the body's, else the root's, else white", () => {
    const background = () =>
      parse(standaloneSvg(drawing(), 'Map', []).text)
        .querySelector('rect')!
        .getAttribute('fill');
    expect(background()).toBe('#ffffff');
    document.body.innerHTML = '';
    document.documentElement.style.backgroundColor = 'rgb(20, 20, 20)';
    expect(background()).toBe('rgb(20, 20, 20)');
    document.body.innerHTML = '';
    document.body.style.backgroundColor = 'rgb(250, 250, 240)';
    expect(background()).toBe('rgb(250, 250, 240)');
    document.body.innerHTML = '';
    document.body.style.backgroundColor = 'transparent';
    expect(background()).toBe('rgb(20, 20, 20)');
  });

  it('paints its words in the page’s text colour', () => {
    document.body.style.color = 'rgb(10, 20, 30)';
    expect(parse(standaloneSvg(drawing(), 'Map', []).text)).toHaveAttribute('fill', 'rgb(10, 20, 30)');
  });
});

describe('the download buttons', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    saved = [];
    const blobs = new Map<string, Blob>();
    let count = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:lockstep/${++count}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const FILE = { text: '<svg xmlns="http://www.w3.org/2000/svg"/>', width: 640, height: 300 };

  it('name the map they save, for a screen reader', () => {
    render(<ExportButtons title="The table checks nothing" name="map" file={() => FILE} />);
    expect(screen.getByRole('button', { name: 'SVG of the map “The table checks nothing”' })).toHaveTextContent(
      'Download SVG',
    );
    expect(screen.getByRole('button', { name: 'PNG of the map “The table checks nothing”' })).toHaveTextContent(
      'Download PNG',
    );
  });

  it('save the SVG as made when clicked, under the name given', async () => {
    const file = vi.fn(() => FILE);
    render(<ExportButtons title="Map" name="lockstep-map-fenced" file={file} />);
    // Nothing is made until asked for.
    expect(file).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /^SVG/ }));
    expect(saved.map(({ name, blob }) => [name, blob.type])).toEqual([['lockstep-map-fenced.svg', 'image/svg+xml']]);
    expect(await saved[0]!.blob.text()).toBe(FILE.text);
  });

  it('save a PNG drawn at twice the size of the SVG', async () => {
    class LoadingImage {
      onload: (() => void) | null = null;
      set src(_: string) {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('Image', LoadingImage);
    const sizes: [number, number][] = [];
    const create = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((name: string) => {
      const element = create(name);
      if (element instanceof HTMLCanvasElement) {
        element.getContext = (() => ({ drawImage: () => sizes.push([element.width, element.height]) })) as never;
        element.toBlob = (callback: BlobCallback, type?: string) => callback(new Blob(['png'], { type: type ?? '' }));
      }
      return element;
    });
    render(<ExportButtons title="Map" name="lockstep-map" file={() => FILE} />);
    await userEvent.click(screen.getByRole('button', { name: /^PNG/ }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved.map(({ name, blob }) => [name, blob.type])).toEqual([['lockstep-map.png', 'image/png']]);
    expect(sizes).toEqual([[1280, 600]]);
  });
});

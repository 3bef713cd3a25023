import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { download, pngFromSvg } from './svg-file';

/**
 * jsdom neither decodes images nor draws: the browser's part is played here (what it loads, what it is asked to
 * draw, and its failures), and the real PNGs are checked in the browser (e2e/step-through.spec.ts, e2e/lab.spec.ts).
 */
let made: string[];
let revoked: string[];
beforeEach(() => {
  made = [];
  revoked = [];
  let count = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:lockstep/${++count}`;
    made.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** An Image that loads (or fails to load) whatever it is given, as the browser's would. */
function imagesThat(outcome: 'load' | 'error') {
  const loaded: string[] = [];
  class FakeImage {
    decoding = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    set src(url: string) {
      loaded.push(url);
      queueMicrotask(() => (outcome === 'load' ? this.onload?.() : this.onerror?.()));
    }
  }
  vi.stubGlobal('Image', FakeImage);
  return loaded;
}

function canvasThat({ context = true, blob = true } = {}) {
  const drawImage = vi.fn();
  const canvases: HTMLCanvasElement[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((name: string) => {
    const element = create(name);
    if (name === 'canvas') {
      const canvas = element as HTMLCanvasElement;
      canvases.push(canvas);
      canvas.getContext = (() => (context ? { drawImage } : null)) as never;
      canvas.toBlob = (callback: BlobCallback, type?: string) =>
        callback(blob ? new Blob(['png'], { type: type ?? '' }) : null);
    }
    return element;
  });
  return { drawImage, canvases };
}

describe('pngFromSvg', () => {
  it('draws the SVG at twice its size by default, as a PNG, and lets go of the SVG’s address', async () => {
    const loaded = imagesThat('load');
    const { drawImage, canvases } = canvasThat();
    const png = await pngFromSvg('<svg xmlns="http://www.w3.org/2000/svg"/>', 300.2, 150);
    expect(png.type).toBe('image/png');
    expect(loaded).toEqual([made[0]]);
    expect(canvases[0]).toMatchObject({ width: 601, height: 300 });
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 601, 300);
    expect(revoked).toEqual(made);
  });

  it('draws at the scale asked for', async () => {
    imagesThat('load');
    const { canvases } = canvasThat();
    await pngFromSvg('<svg/>', 100, 40, 3);
    expect(canvases[0]).toMatchObject({ width: 300, height: 120 });
  });

  it.each([
    ['the drawing does not load', 'error', {}, 'The drawing could not be made an image'],
    ['the browser cannot draw to a canvas', 'load', { context: false }, 'This browser cannot draw to a canvas'],
    ['no PNG comes out', 'load', { blob: false }, 'The PNG could not be made'],
  ] as const)('says so when %s, and still lets go of the address', async (_, outcome, canvas, message) => {
    imagesThat(outcome);
    canvasThat(canvas);
    await expect(pngFromSvg('<svg/>', 10, 10)).rejects.toThrow(message);
    expect(revoked).toEqual(made);
  });
});

describe('download', () => {
  it('saves the file under its name through a link that is gone at once, and lets go of it a second later', () => {
    vi.useFakeTimers();
    const clicked: { href: string; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inPage: document.body.contains(this) });
    });
    download(new Blob(['x']), 'stale-certificate.png');
    expect(clicked).toEqual([{ href: made[0], download: 'stale-certificate.png', inPage: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(999);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(revoked).toEqual(made);
  });
});

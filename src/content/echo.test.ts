import { afterEach, describe, expect, it, vi } from 'vitest';
import { echo } from './echo';

const hasLoneSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('echo: a value cut to 40 characters for a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps 40 characters whole and cuts the 41st with an ellipsis', () => {
    expect(echo('a'.repeat(40))).toBe('a'.repeat(40));
    expect(echo('a'.repeat(41))).toBe(`${'a'.repeat(40)}…`);
    expect(echo('x'.repeat(100_000))).toBe(`${'x'.repeat(40)}…`);
  });

  it('never splits an emoji, however its UTF-16 units fall', () => {
    const cut = echo(`${'a'.repeat(39)}😀😀😀`);
    expect(cut).toBe(`${'a'.repeat(39)}😀…`);
    expect(hasLoneSurrogate(cut)).toBe(false);
    // 40 emoji are 80 UTF-16 units but 40 characters: nothing to cut.
    expect(echo('😀'.repeat(40))).toBe('😀'.repeat(40));
  });

  it('keeps a flag or a skin-toned thumb as one character', () => {
    expect(echo(`${'a'.repeat(39)}🇳🇱👍🏽b`)).toBe(`${'a'.repeat(39)}🇳🇱…`);
  });

  it('counts code points where the browser has no Intl.Segmenter', () => {
    vi.stubGlobal('Intl', { ...Intl, Segmenter: undefined });
    const cut = echo(`${'a'.repeat(39)}😀😀`);
    expect(cut).toBe(`${'a'.repeat(39)}😀…`);
    expect(hasLoneSurrogate(cut)).toBe(false);
  });
});

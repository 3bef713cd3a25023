import { describe, expect, it } from 'vitest';
import { parseRoute } from '@/route/route';
import { linkNotice } from './link-notices';

describe('what the page says about a link it could not follow', () => {
  it.each([
    [
      { kind: 'stepBeyondEnd', step: '24', count: 23 } as const,
      'The link asked for step 24, but this walkthrough has 23 steps, so it opens at the last one.',
    ],
    [
      { kind: 'stepBelowOne', step: '0' } as const,
      'The link asked for step 0; steps start at 1, so the walkthrough opens at step 1.',
    ],
    [
      { kind: 'fencingUnknown', value: 'banana' } as const,
      'The link asked for fencing "banana", which is neither on nor off, so fencing tokens are on.',
    ],
    [
      { kind: 'embedOptionUnknown', name: 'height', value: '100' } as const,
      'The embed code set height to "100", which this widget does not know (a number of pixels from 360 to 2000), so it uses the default height.',
    ],
    [
      { kind: 'embedOptionUnknown', name: 'presets', value: 'no' } as const,
      'The embed code set presets to "no", which this widget does not know (on or off), so it uses the presets shown.',
    ],
  ])('%o', (problem, notice) => {
    expect(linkNotice(problem)).toBe(notice);
  });

  it('echoes a bad value cut to 40 characters, whatever its length', () => {
    const notice = linkNotice({ kind: 'stepNotANumber', value: 'x'.repeat(100_000) });
    expect(notice).toBe(
      `The link asked for step "${'x'.repeat(40)}…", which is not a number, so the walkthrough starts at step 1.`,
    );
    expect(linkNotice({ kind: 'fencingUnknown', value: 'y'.repeat(40) })).toContain(`"${'y'.repeat(40)}"`);
  });

  it('echoes a value of 40 characters or fewer whole, and one of 41 cut', () => {
    expect(linkNotice({ kind: 'stepNotANumber', value: 'abc' })).toBe(
      'The link asked for step "abc", which is not a number, so the walkthrough starts at step 1.',
    );
    expect(linkNotice({ kind: 'stepNotANumber', value: 'z'.repeat(40) })).toContain(`"${'z'.repeat(40)}"`);
    expect(linkNotice({ kind: 'fencingUnknown', value: 'y'.repeat(41) })).toContain(`"${'y'.repeat(40)}…"`);
  });

  it('cuts a value between characters, never inside an emoji', () => {
    const notice = linkNotice({ kind: 'fencingUnknown', value: `${'a'.repeat(39)}😀😀` });
    expect(notice).toContain(`"${'a'.repeat(39)}😀…"`);
  });

  it('names a 400-digit step by its first 40 digits, not as Infinity', () => {
    const { linkProblems } = parseRoute({ pathname: '/', search: `?step=${'4'.repeat(400)}` }, () => 23);
    expect(linkProblems.map(linkNotice)).toEqual([
      `The link asked for step ${'4'.repeat(40)}…, but this walkthrough has 23 steps, so it opens at the last one.`,
    ]);
  });
});

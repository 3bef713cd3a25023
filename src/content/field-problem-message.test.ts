import lab from 'virtual:lockstep/lab';
import { describe, expect, it } from 'vitest';
import { clampField, parseLabConfig } from '@/settings/lab-address';
import { fieldProblemMessage } from './field-problem-message';

/** The messages a lab address's problems are shown with, in the lab's own words (content/lab/fields.json). */
const messagesOf = (search: string) =>
  parseLabConfig(search).problems.map((problem) => fieldProblemMessage(problem, lab.fields));

describe('a lab address problem, said in full', () => {
  it('a number out of range names the setting, its range and unit, and the value used instead', () => {
    expect(messagesOf('?ttl=999999999')).toEqual(['Lease TTL must be between 1000 and 600000 ms; using 600000.']);
  });

  it('a value that is not a number is echoed back with the units the setting takes', () => {
    expect(messagesOf('?pause=soon')).toEqual(['Pause length must be a number of milliseconds, not “soon”.']);
  });

  it('typed into the form in seconds, it is answered in seconds; drift stays in per cent', () => {
    const typed = (field: Parameters<typeof clampField>[0], raw: string) =>
      fieldProblemMessage(clampField(field, raw, 'inSeconds').problem!, lab.fields);
    expect(typed('ttlMs', '0.999')).toBe('Lease TTL must be between 1 and 600 s; using 1 s.');
    expect(typed('pauseMs', '601')).toBe('Pause length must be between 0 and 600 s; using 600 s.');
    expect(typed('pauseMs', 'soon')).toBe('Pause length must be a number of seconds, not “soon”.');
    expect(typed('ttlMs', '2.0004')).toBe('Lease TTL takes whole milliseconds; using 2 s.');
    expect(typed('clockDriftPct', '2.6')).toBe('Clock drift on node R3 takes whole per cent; using 3.');
    expect(clampField('ttlMs', '2,5', 'inSeconds')).toEqual({ value: 2_500, problem: null });
    for (const [raw, value] of [
      ['.5', 500],
      ['2.', 2_000],
      ['30s', 30_000],
      [' 30 s ', 30_000],
      [' 2 ', 2_000],
    ] as const)
      expect(clampField('pauseMs', raw, 'inSeconds'), raw).toEqual({ value, problem: null });
    for (const raw of ['1e3', '2,5,5', '30 ms', 's', '', '.'])
      expect(clampField('pauseMs', raw, 'inSeconds').problem?.kind, raw).toBe('notANumber');
    // A link keeps milliseconds, with no unit.
    expect(clampField('pauseMs', '30s').problem?.kind).toBe('notANumber');
    expect(clampField('ttlMs', '1', 'inSeconds')).toEqual({ value: 1_000, problem: null });
    expect(clampField('ttlMs', '600', 'inSeconds')).toEqual({ value: 600_000, problem: null });
  });

  it('a fraction is rounded, and the message says to what', () => {
    expect(messagesOf('?drift=2.6')).toEqual(['Clock drift on node R3 takes whole per cent; using 3.']);
  });

  it("an unknown map axis lists the axes the map can vary under the address's service", () => {
    expect(messagesOf('?across=colour')).toEqual([
      'The map can vary ttl, pause, pauseAt, writeDelay, not “colour”; it shows its usual axes instead.',
    ]);
  });

  it('an unknown storage says which ones the resource takes', () => {
    expect(messagesOf('?storage=paper')).toEqual([
      'For the certificate, storage must be fenced or unchecked, not “paper”.',
    ]);
  });
});

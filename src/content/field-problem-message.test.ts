import lab from 'virtual:lockstep/lab';
import { describe, expect, it } from 'vitest';
import { parseLabConfig } from '@/settings/lab-address';
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

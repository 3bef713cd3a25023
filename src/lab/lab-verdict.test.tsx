import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { MAX_EVENTS, runScenario } from '@/sim/run';
import { buildEndlessScenario } from '@/testing/builders';
import { labRun } from '@/testing/lab-run';
import styles from './lab.module.css';
import { LabVerdict } from './lab-verdict';

/** The verdict line at `step` (from the end when negative), as text, and its element. */
function verdictAt(search: string, step: number) {
  const { config, timeline } = labRun(search);
  const at = step < 0 ? timeline.frames.length + step : step;
  render(<LabVerdict timeline={timeline} step={at} config={config} />);
  const status = screen.getByRole('status');
  return { text: status.textContent, status };
}

describe('before the last step: only what has happened so far', () => {
  it('writes: none at the start', () => {
    expect(verdictAt('', 0).text).toBe(
      "So far, writes to the table landed: 0; refused: 0. The verdict comes at the run's last step.",
    );
  });

  it.each([
    [12, 'landed: 1; refused: 0'],
    [-2, 'landed: 1; refused: 1'],
  ])('with fencing, at step %i: %s', (step, counts) => {
    expect(verdictAt('', step).text).toContain(`So far, writes to the table ${counts}.`);
  });

  it('without fencing, one step before the end: both writes landed', () => {
    expect(verdictAt('?storage=unchecked', -2).text).toContain('landed: 2; refused: 0.');
  });

  it('emails: the reports sent so far, not writes', () => {
    expect(verdictAt('?resource=email&storage=unchecked', -2).text).toBe(
      "So far, weekly reports sent: 2. The verdict comes at the run's last step.",
    );
  });
});

describe('at the last step: the verdict, and why', () => {
  it('fenced: safe, because the late write carried a lower token', () => {
    const { text, status } = verdictAt('', -1);
    expect(text).toBe(
      "Verdict: Safe. The table checked tokens, so no write from an earlier grant could land after a later grant's write: a late one carries a lower token than the table has seen, and changes nothing.",
    );
    expect(status).not.toHaveClass(styles.verdictStaleWriteLanded!);
    expect(status).toHaveClass(styles.verdict!);
  });

  it('unchecked: the stale write, whose, with which token, in the danger colour', () => {
    const { text, status } = verdictAt('?storage=unchecked', -1);
    expect(text).toBe(
      "Verdict: Stale write landed. Renewer A's write with token 33 landed after one made under a later grant of the lock. The lock service gave out tokens, but the table did not check them.",
    );
    expect(status).toHaveClass(styles.verdictStaleWriteLanded!);
  });

  it('a service without tokens: the stale write, which carried none', () => {
    expect(verdictAt('?service=redis', -1).text).toBe(
      "Verdict: Stale write landed. Renewer A's write, which carried no token, landed after one made under a later grant of the lock. This lock service hands out no fencing token, so the table had nothing to check the late write against.",
    );
  });

  it('two renewals in order: duplicate work, counted as renewals, and named as the lock letting two in', () => {
    // A wakes at 34 s: after B's grant (31 s), before B's write (36 s). Both found the renewal due.
    expect(verdictAt('?pause=32000', -1).text).toBe(
      'Verdict: Duplicate work (harmless). Renewals stored: 2. The lock let a second renewer in while the first was still at work, so both found the renewal due and both renewed. Each write was newer than the last: a wasted certificate, no harm to the row.',
    );
  });

  it('a lock that held, with no pause: one renewal, and the second renewer finds it done', () => {
    expect(verdictAt('?pause=0&storage=unchecked', -1).text).toBe(
      'Verdict: Safe. The timing happened to work out: no holder acted after its lock had passed on.',
    );
  });

  it('two emails: duplicate work, counted as copies of the report', () => {
    expect(verdictAt('?resource=email&storage=unchecked', -1).text).toMatch(
      /^Verdict: Duplicate work \(harmless\)\. Copies of the report sent: 2\. The lock let a second worker in while the first was still at work/,
    );
  });

  it('a cut-off run: no verdict, and the number of events it stopped at', () => {
    const endless = buildEndlessScenario();
    const timeline = runScenario(endless, { fencing: true });
    render(<LabVerdict timeline={timeline} step={timeline.frames.length - 1} config={DEFAULT_LAB_CONFIG} />);
    expect(screen.getByRole('status').textContent).toBe(
      `Verdict: None, the run was cut off. The simulation stopped after ${MAX_EVENTS.toLocaleString('en')} events before the run settled, so it cannot say how it ends. Shorten the lease or the pause, or use fewer renewers.`,
    );
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Timeline } from '@/sim/run';
import { buildScenario } from '@/testing/builders';
import { runScenario } from '@/sim/run';
import { labTimeline } from '@/testing/lab-run';
import { layoutTimeStrip } from './time-strip-layout';
import { TimeStripView } from './time-strip-view';
import styles from './time-strip.module.css';

const fenced = runScenario(buildScenario(), { fencing: true });
const unfenced = runScenario(buildScenario(), { fencing: false });
const stepAt = (timeline: Timeline, kind: string, at: number) =>
  timeline.frames.findIndex((frame) => frame.happening.kind === kind && frame.at === at);

// jsdom measures nothing: the strip is laid out at its 720 px fallback, as the layout below.
const LAYOUT = layoutTimeStrip(fenced, 720);

function strip(timeline: Timeline, cursor: number, props: { compact?: boolean; rowNow?: boolean | 'wide' } = {}) {
  const { container } = render(<TimeStripView timeline={timeline} cursor={cursor} {...props} />);
  const svg = within(container).getByRole('img');
  const rect = (className: string | undefined) => container.querySelector(`.${className} rect`);
  const legend = within(within(container).getByRole('list', { name: 'Key' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent!.trim());
  return { container, svg, rect, legend };
}

const BOTH_HOLD = 'two renewers believe they hold the lock';

describe('the time strip beside a step', () => {
  it('before anything is granted: the time alone, no bar and no mark; the whole evening only faintly', () => {
    const { svg, container } = strip(fenced, 0);
    expect(svg).toHaveAccessibleName('Time to scale, now 0 s.');
    const later = container.querySelector('[data-testid="strip-later"]')!;
    expect(container.querySelectorAll('rect').length - later.querySelectorAll('rect').length).toBe(0);
    expect(container.querySelectorAll(`.${styles.mark}`)).toHaveLength(0);
    // Every lease and pause of the run, each where it will be, hidden from assistive technology; no write's mark.
    expect(later).toHaveAttribute('aria-hidden', 'true');
    expect(later).toHaveClass(styles.later!);
    expect([...later.querySelectorAll('rect')].map((rect) => rect.getAttribute('x'))).toEqual(
      LAYOUT.bars.filter((bar) => bar.kind !== 'bothHold').map((bar) => String(bar.x1)),
    );
    expect(later.querySelectorAll(`.${styles.lease} rect`)).toHaveLength(2);
    expect(later.querySelectorAll(`.${styles.pause} rect`)).toHaveLength(1);
  });

  it("midway, only what is still to come is faint: at B's grant, nothing but its lease", () => {
    const granted = stepAt(fenced, 'leaseGranted', 31_000);
    const { container } = strip(fenced, granted - 1);
    const later = () => container.querySelector('[data-testid="strip-later"]')!;
    expect(later().querySelectorAll(`.${styles.lease} rect`)).toHaveLength(1);
    expect(later().querySelectorAll(`.${styles.pause} rect`)).toHaveLength(0);
    const atGrant = strip(fenced, granted).container.querySelector('[data-testid="strip-later"]')!;
    expect(atGrant.querySelectorAll('rect')).toHaveLength(0);
  });

  it("once A is paused: its lease for its whole term, its pause only as far as it has lasted, said 'so far'", () => {
    const paused = stepAt(fenced, 'processPaused', 2_000);
    const { svg, rect } = strip(fenced, paused);
    expect(svg).toHaveAccessibleName(
      "Time to scale, now 2 s. Renewer A's lease (token 33) from 0 s to 30 s; Renewer A paused from 2 s so far.",
    );
    const lease = LAYOUT.bars.find((bar) => bar.kind === 'lease')!;
    expect(Number(rect(styles.lease)!.getAttribute('width'))).toBeCloseTo(lease.x2 - lease.x1);
    // A pause of no length yet is still a sliver, 2 px wide.
    expect(rect(styles.pause)).toHaveAttribute('width', '2');
  });

  it("at B's grant: the pause drawn to now and labelled with its 29 s so far; the expiry marked", () => {
    const granted = stepAt(fenced, 'leaseGranted', 31_000);
    const { svg, rect, container } = strip(fenced, granted);
    const nowX = LAYOUT.xOf(31_000);
    const pause = LAYOUT.bars.find((bar) => bar.kind === 'pause')!;
    expect(Number(rect(styles.pause)!.getAttribute('width'))).toBeCloseTo(nowX - pause.x1);
    expect(container.querySelector(`.${styles.pause} text`)).toHaveTextContent('29 s');
    expect(svg.getAttribute('aria-label')).toContain('Renewer A paused from 2 s so far; at 30 s the lease expires.');
    expect(container.querySelector(`.${styles.now} line`)).toHaveAttribute('x1', String(nowX));
    // B's lease has begun: both leases, each with its label where it fits.
    expect([...container.querySelectorAll(`.${styles.lease} text`)].map((text) => text.textContent)).toEqual([
      'A · 33',
      'B · 34',
    ]);
  });

  it('at the end: the pause whole, and the refused write marked', () => {
    const { svg, container } = strip(fenced, fenced.frames.length - 1);
    expect(svg.getAttribute('aria-label')).toContain('Renewer A paused from 2 s to 42 s');
    expect(svg.getAttribute('aria-label')).toMatch(/at 42 s Renewer A's write is refused by the fence\.$/);
    expect(container.querySelectorAll(`.${styles.markRejected}`)).toHaveLength(1);
    expect(container.querySelectorAll(`.${styles.markAccepted}`)).toHaveLength(1);
    expect(container.querySelector(`.${styles.pause} text`)).toHaveTextContent('40 s');
  });

  it('without fencing: the stale write marked, and no key entry for a refusal that cannot happen', () => {
    const { container, legend } = strip(unfenced, unfenced.frames.length - 1);
    expect(container.querySelectorAll(`.${styles.markStale}`)).toHaveLength(1);
    expect(container.querySelectorAll(`.${styles.markRejected}`)).toHaveLength(0);
    expect(legend).toEqual([
      'lease held, on the lock service',
      'process paused',
      '✓ write landed',
      '⚠ stale write landed',
      BOTH_HOLD,
    ]);
  });

  it("the key lists only the parts this run has: the refusal with fencing, Redlock's keys and validity, jumps, failovers", () => {
    expect(strip(fenced, 0).legend).toEqual([
      'lease held, on the lock service',
      'process paused',
      '✓ write landed',
      '✕ write refused by the fence',
      '⚠ stale write landed',
      BOTH_HOLD,
    ]);
  });

  it.each([
    ['?service=redlock', ["key on one node, to its expiry by that node's clock", "the client's validity", BOTH_HOLD]],
    [
      '?service=redlock&jump=20000',
      ["key on one node, to its expiry by that node's clock", "the client's validity", BOTH_HOLD, 'clock jump'],
    ],
    ['?service=redis&storage=unchecked&failover=10000', [BOTH_HOLD, 'failover']],
  ])('%s adds to the key: %j', (search, extra) => {
    const { legend } = strip(labTimeline(search), 0);
    expect(legend.slice(4)).toEqual(extra);
  });

  it("two holders at once: nothing before B's grant, then drawn only as far as now, and said 'so far'", () => {
    const granted = stepAt(fenced, 'leaseGranted', 31_000);
    const overlap = LAYOUT.bars.find((bar) => bar.kind === 'bothHold')!;
    // Not faint beforehand either: who will be mistaken is part of what the reader predicts.
    expect(strip(fenced, granted - 1).container.querySelectorAll(`rect.${styles.bothHold}`)).toHaveLength(0);
    const atGrant = strip(fenced, granted);
    const drawn = atGrant.container.querySelector(`rect.${styles.bothHold}`)!;
    expect(Number(drawn.getAttribute('x'))).toBeCloseTo(overlap.x1);
    expect(Number(drawn.getAttribute('width'))).toBe(2);
    expect(atGrant.svg.getAttribute('aria-label')).toContain(
      'Renewer A and Renewer B believe they hold the lock at once, from 31 s so far',
    );
    // At 36 s, B's release: its whole stretch, with its end.
    const released = stepAt(fenced, 'leaseReleased', 36_000);
    const whole = strip(fenced, released);
    expect(Number(whole.container.querySelector(`rect.${styles.bothHold}`)!.getAttribute('width'))).toBeCloseTo(
      overlap.x2 - overlap.x1,
    );
    expect(whole.svg.getAttribute('aria-label')).toContain('at once, from 31 s to 36 s');
  });

  it('with no pause and no failover the lock keeps its promise: the key has no entry for two holders', () => {
    expect(strip(labTimeline('?pause=0'), 0).legend).not.toContain(BOTH_HOLD);
  });

  it('draws a jump on its node and a failover on the lock service, once they have happened', () => {
    const jumped = labTimeline('?service=redlock&jump=20000');
    const at = stepAt(jumped, 'clockJumped', 1_000);
    // Counted in the strip's own drawing: the key draws one of each as well.
    expect(strip(jumped, at - 1).svg.querySelectorAll(`.${styles.markEvent}`)).toHaveLength(0);
    expect(strip(jumped, at).svg.querySelectorAll(`.${styles.markEvent}`)).toHaveLength(1);
    const failedOver = labTimeline('?service=redis&storage=unchecked&failover=10000');
    const failover = stepAt(failedOver, 'failover', 10_000);
    expect(strip(failedOver, failover - 1).svg.querySelectorAll(`.${styles.markEvent}`)).toHaveLength(0);
    expect(strip(failedOver, failover).svg.querySelectorAll(`.${styles.markEvent}`)).toHaveLength(1);
  });

  it("says the table's row under the strip, unless the page shows it elsewhere", () => {
    strip(fenced, 0);
    expect(screen.getByTestId('strip-row-now')).toHaveTextContent('Table row now: serial 1000, fence 32');
    expect(screen.getByTestId('strip-row-now')).not.toHaveClass('wide-only');
  });

  it("on wide screens only, by the stylesheet's class, when asked so: the same markup on every screen", () => {
    render(<TimeStripView timeline={fenced} cursor={0} rowNow="wide" />);
    expect(screen.getByTestId('strip-row-now')).toHaveClass('wide-only');
    expect(screen.getByTestId('strip-row-now')).toHaveTextContent('Table row now: serial 1000, fence 32');
  });

  it('leaves the row out when asked, and takes the compact look and the page’s class', () => {
    const { container } = render(
      <TimeStripView timeline={fenced} cursor={0} rowNow={false} compact className="placed" />,
    );
    expect(screen.queryByTestId('strip-row-now')).toBeNull();
    expect(container.firstElementChild).toHaveClass(styles.timeStrip!, styles.compact!, 'placed');
  });
});

describe('a lease as each step knows it (review of the climax issue)', () => {
  /** What the strip's description says of each lease. */
  const leaseWords = (timeline: Timeline, cursor: number) =>
    strip(timeline, cursor)
      .svg.getAttribute('aria-label')!
      .match(/Renewer \w's lease[^;]*? to [\d.]+ s/g) ?? [];

  it("B's lease runs to 61 s, as granted, until B asks to give it back at 36 s; only then is it drawn to 36 s", () => {
    const granted = stepAt(fenced, 'leaseGranted', 31_000);
    // The service drops the lease as B's request to give it back arrives (the lock service panel says so then too).
    const released = stepAt(fenced, 'releaseRequested', 36_000);
    expect(leaseWords(fenced, granted).at(-1)).toMatch(/Renewer B's lease \(token 34\) from 31 s to 61 s/);
    expect(leaseWords(fenced, released - 1).at(-1)).toMatch(/from 31 s to 61 s/);
    expect(leaseWords(fenced, released).at(-1)).toMatch(/from 31 s to 36 s/);
    // Drawn to the axis's edge before, and to 36 s after.
    const width = (cursor: number) =>
      Number(strip(fenced, cursor).container.querySelectorAll(`.${styles.lease} rect`)[1]!.getAttribute('width'));
    expect(width(released - 1)).toBeGreaterThan(width(released));
  });

  it('the failover ends A’s lease only at the failover’s step: before it, A holds it to 30 s', () => {
    const failover = labTimeline('?service=redis&storage=unchecked&pause=0&writeDelay=20000&failover=1000');
    const at = stepAt(failover, 'failover', 1_000);
    expect(leaseWords(failover, at - 1)).toEqual(["Renewer A's lease from 0 s to 30 s"]);
    expect(leaseWords(failover, at)).toEqual(["Renewer A's lease from 0 s to 1 s"]);
  });

  it('Chubby with lock-delay: sessions carry no token on the grant, and the leases run until they end', () => {
    const chubby = labTimeline('?service=chubby&storage=unchecked&pauseAt=2000&pause=60000&lockDelay=15000');
    const leases = layoutTimeStrip(chubby, 720).bars.filter((bar) => bar.kind === 'lease');
    expect(leases.map((lease) => [lease.label, lease.from, lease.to])).toEqual([
      ['A', 0, 30_000],
      ['B', 47_000, expect.any(Number)],
    ]);
    // B renews (A, frozen until 62 s, has stored nothing) and holds its session until it releases.
    expect(leases[1]!.to).toBeGreaterThan(47_000);
  });
});

describe('the time strip drawn larger (a projector)', () => {
  it('is laid out for its width divided by the scale, and drawn at its full width: text and all grow by the scale', () => {
    const { container } = render(<TimeStripView timeline={fenced} cursor={5} scale={1.6} />);
    const svg = within(container).getByRole('img');
    const narrower = layoutTimeStrip(fenced, 720 / 1.6);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${narrower.width} ${narrower.height}`);
    expect(Number(svg.getAttribute('width'))).toBeCloseTo(narrower.width * 1.6, 6);
    expect(Number(svg.getAttribute('height'))).toBeCloseTo(narrower.height * 1.6, 6);
    expect(narrower.width).toBeLessThan(LAYOUT.width);
  });

  it('at scale 1 is the strip as the page draws it', () => {
    const { svg } = strip(fenced, 5);
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${LAYOUT.width} ${LAYOUT.height}`);
    expect(svg.getAttribute('width')).toBe(String(LAYOUT.width));
  });
});

describe("Redlock's strip beside a panel of its nodes", () => {
  const rowNames = (nodeRows: boolean) => {
    const { container } = render(
      <TimeStripView timeline={labTimeline('?service=redlock&jump=20000')} cursor={30} nodeRows={nodeRows} />,
    );
    const names = [...container.querySelectorAll(`.${styles.rowName}`)].map((text) => text.textContent);
    container.remove();
    return names;
  };

  it('leaves out a row per node and per validity, keeping the majority, the pause and the writes', () => {
    expect(rowNames(true)).toEqual(expect.arrayContaining(['R1', 'R5', "A's validity"]));
    const summary = rowNames(false);
    expect(summary).toEqual(['Majority', 'Renewer A', 'Table writes']);
  });
});

import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario, type Frame, type Timeline } from '@/sim/run';
import type { Renewer } from '@/sim/world';
import { buildScenario } from '@/testing/builders';
import { RenewersPanelView } from './renewers-panel-view';

const lesson = runScenario(buildScenario(), { fencing: true });
const unfenced = runScenario(buildScenario(), { fencing: false });
const redis = runScenario(buildScenario({ lockService: { kind: 'redis' } }), { fencing: false }, ALL_MODELS);

/** The first step of `kind`, done by `who` where given. */
function stepOf(timeline: Timeline, kind: string, who?: string): Frame {
  const frame = timeline.frames.find(
    ({ happening }) =>
      happening.kind === kind && (who === undefined || ('renewer' in happening && happening.renewer === who)),
  );
  if (!frame) throw new Error(`No ${kind} step${who ? ` by ${who}` : ''}`);
  return frame;
}

/** Each renewer's item: its name line, what it believes, what is true, and whether it is marked mistaken. */
function panel(timeline: Timeline, frame: Frame) {
  const { container, unmount } = render(<RenewersPanelView frame={frame} timeline={timeline} />);
  const items = [...container.querySelectorAll('li')].map((item) => {
    const [name, believes, truth] = [...item.querySelectorAll('p')].map((line) => line.textContent);
    return { name, believes, truth, mistaken: item.classList.contains('mistaken') };
  });
  unmount();
  return items;
}

describe('belief against truth, for each renewer', () => {
  it('at the start: neither holds the lock, and neither thinks it does', () => {
    expect(panel(lesson, lesson.frames[0]!)).toEqual([
      {
        name: 'Renewer A',
        believes: 'Believes: it does not hold the lock.',
        truth: 'In truth: Nobody holds the lock.',
        mistaken: false,
      },
      {
        name: 'Renewer B',
        believes: 'Believes: it does not hold the lock.',
        truth: 'In truth: Nobody holds the lock.',
        mistaken: false,
      },
    ]);
  });

  it("once A is granted the lock: its token and its lease's end for A, the holder's name for B", () => {
    const [a, b] = panel(lesson, stepOf(lesson, 'leaseGranted', 'A'));
    expect(a).toMatchObject({
      believes: 'Believes: it holds the lock with token 33.',
      truth: 'In truth: it holds the lock with token 33 until 30 s.',
      mistaken: false,
    });
    expect(b).toMatchObject({ truth: 'In truth: Renewer A holds the lock with token 33.', mistaken: false });
  });

  it('paused, A still holds a lease that runs: the pause is shown and A is not yet mistaken', () => {
    const [a] = panel(lesson, stepOf(lesson, 'processPaused', 'A'));
    expect(a).toMatchObject({ name: 'Renewer Apaused until 42 s', mistaken: false });
  });

  it('once the lease has expired under it, A is marked mistaken: it believes it holds a lock nobody holds', () => {
    const [a, b] = panel(lesson, stepOf(lesson, 'leaseExpired'));
    expect(a).toEqual({
      name: 'Renewer Apaused until 42 smistaken',
      believes: 'Believes: it holds the lock with token 33.',
      truth: 'In truth: Nobody holds the lock.',
      mistaken: true,
    });
    expect(b!.mistaken).toBe(false);
  });

  it('while B holds the lock, A is mistaken about a lock held by another, and B is right', () => {
    const [a, b] = panel(lesson, stepOf(lesson, 'leaseGranted', 'B'));
    expect(a).toMatchObject({ truth: 'In truth: Renewer B holds the lock with token 34.', mistaken: true });
    expect(b).toMatchObject({
      believes: 'Believes: it holds the lock with token 34.',
      truth: 'In truth: it holds the lock with token 34 until 61 s.',
      mistaken: false,
    });
  });

  it('after its release B has finished; after the refused write A knows it lost, and is no longer mistaken', () => {
    const [, b] = panel(lesson, stepOf(lesson, 'leaseReleased', 'B'));
    expect(b).toMatchObject({ believes: 'Believes: it has finished and holds no lock.', mistaken: false });
    const refused = lesson.frames.find(
      ({ happening }) => happening.kind === 'writeAnswered' && happening.renewer === 'A',
    )!;
    const [a] = panel(lesson, refused);
    expect(a).toMatchObject({ believes: 'Believes: it lost the lock; token 33 is no longer good.', mistaken: false });
  });

  it('B, giving back a lock it held, is letting go and not mistaken while its answer is on the way', () => {
    const beforeAsking = panel(lesson, stepOf(lesson, 'writeAnswered', 'B'))[1];
    expect(beforeAsking).toMatchObject({ believes: 'Believes: it holds the lock with token 34.', mistaken: false });
    const [a, b] = panel(lesson, stepOf(lesson, 'releaseRequested', 'B'));
    expect(b).toEqual({
      name: 'Renewer B',
      believes: 'Believes: it has asked to give back the lock with token 34 and waits for the answer.',
      truth: 'In truth: Nobody holds the lock.',
      mistaken: false,
    });
    expect(a).toMatchObject({ believes: 'Believes: it holds the lock with token 33.', mistaken: true });
  });

  it('A, asking to give back a lease that ran out long before, is still mistaken', () => {
    const [a] = panel(unfenced, stepOf(unfenced, 'releaseRequested', 'A'));
    expect(a).toMatchObject({
      believes: 'Believes: it holds the lock with token 33.',
      truth: 'In truth: Nobody holds the lock.',
      mistaken: true,
    });
  });

  it('B letting go under a service with no tokens: the same sentence without one', () => {
    const [, b] = panel(redis, stepOf(redis, 'releaseRequested', 'B'));
    expect(b).toMatchObject({ believes: 'Believes: it has asked to give the lock back and waits for the answer.' });
  });

  it('under a service with no tokens: the same sentences without one', () => {
    const [a, b] = panel(redis, stepOf(redis, 'leaseGranted', 'A'));
    expect(a).toMatchObject({
      believes: 'Believes: it holds the lock.',
      truth: 'In truth: it holds the lock until 30 s.',
    });
    expect(b).toMatchObject({ truth: 'In truth: Renewer A holds the lock.' });
  });

  it('a lease the service reports with no end is said without one', () => {
    const frame = stepOf(redis, 'leaseGranted', 'A');
    const world = {
      ...frame.world,
      lock: { ...frame.world.lock, truth: () => ({ holder: 'A', token: null, expiresAt: null }) },
    } as unknown as Frame['world'];
    const [a] = panel(redis, { ...frame, world });
    expect(a!.truth).toBe('In truth: it holds the lock.');
  });

  it('a renewer that lost a lock with no token says so without one', () => {
    const frame = stepOf(redis, 'leaseGranted', 'A');
    const renewers = frame.world.renewers.map((renewer) =>
      renewer.id === 'A' ? ({ ...renewer, belief: { kind: 'lost', token: null } } as unknown as Renewer) : renewer,
    );
    const [a] = panel(redis, { ...frame, world: { ...frame.world, renewers } });
    expect(a!.believes).toBe('Believes: it lost the lock.');
  });
});

describe('two renewers that each believe they hold the lock', () => {
  /** The line above the renewers that names them, or null. */
  const bothHold = (timeline: Timeline, frame: Frame) => {
    const { container, unmount } = render(<RenewersPanelView frame={frame} timeline={timeline} />);
    const line = container.querySelector('.both-hold')?.textContent ?? null;
    unmount();
    return line;
  };

  it("is said from B's grant, while A, paused, still believes the lock is its own", () => {
    expect(bothHold(lesson, stepOf(lesson, 'leaseExpired'))).toBeNull();
    expect(bothHold(lesson, stepOf(lesson, 'leaseGranted', 'B'))).toBe(
      'Renewer A and Renewer B believe they hold the lock at once.',
    );
    expect(bothHold(lesson, stepOf(lesson, 'writeAnswered', 'B'))).not.toBeNull();
  });

  it('is not said once B lets go, nor at the start', () => {
    expect(bothHold(lesson, lesson.frames[0]!)).toBeNull();
    expect(bothHold(lesson, stepOf(lesson, 'leaseReleased', 'B'))).toBeNull();
  });
});

describe('the panel inside a run that has its own heading', () => {
  it('is a group under a subheading, not a region: the page may hold many', () => {
    const { container, getByRole, queryByRole } = render(
      <RenewersPanelView frame={lesson.frames[0]!} timeline={lesson} nested />,
    );
    expect(getByRole('group', { name: 'Belief vs truth' })).toBeInTheDocument();
    expect(queryByRole('region')).toBeNull();
    expect(container.querySelector('h4')).toHaveTextContent('Belief vs truth');
  });

  it('on its own it is a region of the page, headed at the panels’ level', () => {
    const { container, getByRole } = render(<RenewersPanelView frame={lesson.frames[0]!} timeline={lesson} />);
    expect(getByRole('region', { name: 'Belief vs truth' })).toBeInTheDocument();
    expect(container.querySelector('h3')).toHaveTextContent('Belief vs truth');
  });
});

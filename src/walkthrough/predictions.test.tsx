import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { predictionKey, predictionPoints } from '@/views/prediction';
import { Walkthrough } from './walkthrough';

const pointsOf = (fencing: boolean) => predictionPoints(timelineFor(DEFAULT_SCENARIO_ID, fencing));
const pointOf = (fencing: boolean, id: string) => pointsOf(fencing).find((point) => point.id === id)!;

describe('predictionPoints', () => {
  it("asks before B's two requests and before A's late write, and knows how each ends in each mode", () => {
    const timeline = timelineFor(DEFAULT_SCENARIO_ID, true);
    const on = pointsOf(true);
    expect(on.map((point) => [point.id, point.outcome])).toEqual([
      ['firstAttempt', 'refused'],
      ['secondAttempt', 'granted'],
      ['lateWrite', 'rejected'],
    ]);
    expect(pointsOf(false).map((point) => point.outcome)).toEqual(['refused', 'granted', 'accepted']);
    const [first, second, late] = on;
    expect(timeline.frames[first!.askAt + 1]!.happening).toMatchObject({ kind: 'acquireRequested', renewer: 'B' });
    expect(timeline.frames[first!.revealAt]!.happening).toMatchObject({ kind: 'leaseRefused', renewer: 'B' });
    expect(timeline.frames[first!.revealAt]!.at).toBe(15_000);
    expect(timeline.frames[second!.revealAt]!.happening).toMatchObject({ kind: 'leaseGranted', renewer: 'B' });
    expect(timeline.frames[second!.revealAt]!.at).toBe(31_000);
    expect(timeline.frames[late!.askAt + 1]!.happening).toMatchObject({ kind: 'writeRequested', fencingToken: 33 });
    expect(timeline.frames[late!.revealAt]!.happening).toMatchObject({ kind: 'writeAnswered', renewer: 'A' });
    expect(late!.revealAt).toBe(late!.askAt + 2);
  });

  it('keeps the late write under the key it always had, and the others beside it', () => {
    expect(predictionKey('stale-certificate', true, 'lateWrite')).toBe('stale-certificate:on');
    expect(predictionKey('stale-certificate', false, 'firstAttempt')).toBe('stale-certificate:off:firstAttempt');
  });
});

describe('<Walkthrough> predictions', () => {
  it('lets the learner predict, then says on the answering step whether they were right, and why', async () => {
    const user = userEvent.setup();
    const { askAt } = pointOf(true, 'lateWrite');
    renderWalkthrough(<Walkthrough />, { cursor: askAt });
    await screen.findByRole('group', { name: /will the table accept A's write with token 33/ });
    await user.click(screen.getByRole('radio', { name: 'Yes, the write lands' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The write is on its way: nothing is told until the table answers.
    expect(screen.queryByText(/You predicted/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/you predicted “Yes, the write lands”/)).toHaveTextContent(
      /^Not this time: you predicted “Yes, the write lands”\.$/,
    );
    // The reason is one click away, so the result keeps to a line.
    const why = screen.getByText(
      "The row's fence is 34 since B wrote. A's token 33 is lower, so WHERE fence <= 33 matches no row.",
    );
    expect(why).not.toBeVisible();
    await user.click(screen.getByText('Why'));
    expect(why).toBeVisible();
  });

  it("asks before B's first request, and tells it with the lock service's reply, not before", async () => {
    const user = userEvent.setup();
    const point = pointOf(true, 'firstAttempt');
    const { progressStore } = renderWalkthrough(<Walkthrough />, { cursor: point.askAt });
    await user.click(await screen.findByRole('radio', { name: "No, it is still A's" }));
    expect(progressStore.getState().predictions['stale-certificate:on:firstAttempt']).toBe('refused');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText(/You predicted/)).not.toBeInTheDocument();
    for (let step = point.askAt + 1; step < point.revealAt; step += 1)
      await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/^You predicted it: /)).toHaveTextContent(
      /^You predicted it: “No, it is still A's”\.$/,
    );
    expect(screen.getByText(/it cannot tell that A is frozen\.$/)).toBeInTheDocument();
  });

  it('does not stand in the way: Next works without a prediction', async () => {
    const user = userEvent.setup();
    const { askAt } = pointOf(false, 'lateWrite');
    renderWalkthrough(<Walkthrough />, { cursor: askAt, fencing: false });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('group', { name: /Predict/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/You predicted/)).not.toBeInTheDocument();
  });

  it('tallies the predictions at the last step and offers the other ending, both side by side, and the lab', async () => {
    const user = userEvent.setup();
    const last = timelineFor(DEFAULT_SCENARIO_ID, true).frames.length - 1;
    const { store, progressActions } = renderWalkthrough(<Walkthrough />, { cursor: last });
    progressActions.predict('stale-certificate:on:firstAttempt', 'refused');
    progressActions.predict('stale-certificate:on:secondAttempt', 'refused');
    progressActions.predict('stale-certificate:on', 'rejected');
    const card = await screen.findByRole('region', { name: 'The end of the evening' });
    expect(card).toHaveTextContent('Your predictions: 2 of 3 right.');
    expect(screen.getByRole('link', { name: 'Redlock and the same pause' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\.\/\?service=redlock&.*&lab#lab$/),
    );
    await user.click(screen.getByRole('button', { name: 'Replay with fencing off' }));
    expect(store.getState()).toMatchObject({ cursor: 0, fencing: false });
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO_ID, timelineFor } from '@/store/selectors';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { predictionPoint } from './prediction';
import { Walkthrough } from './walkthrough';

describe('predictionPoint', () => {
  it("asks just before A's late write and knows how it ends in each mode", () => {
    const on = predictionPoint(timelineFor(DEFAULT_SCENARIO_ID, true))!;
    const off = predictionPoint(timelineFor(DEFAULT_SCENARIO_ID, false))!;
    const lateWrite = timelineFor(DEFAULT_SCENARIO_ID, true).frames[on.revealAt]!.happening;
    expect(lateWrite).toMatchObject({ kind: 'writeRequested', renewer: 'A', fencingToken: 33 });
    expect(on).toEqual({ askAt: on.revealAt - 1, revealAt: on.revealAt, outcome: 'rejected' });
    expect(off.outcome).toBe('accepted');
  });
});

describe('<Walkthrough> prediction', () => {
  it('lets the learner predict, then tells them on the next step whether they were right', async () => {
    const user = userEvent.setup();
    const { askAt } = predictionPoint(timelineFor(DEFAULT_SCENARIO_ID, true))!;
    renderWalkthrough(<Walkthrough />, { cursor: askAt });
    const group = await screen.findByRole('group', { name: /will the table accept A's write with token 33/ });
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes, the write lands' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(/Not this time\. You predicted: “Yes, the write lands”/)).toBeInTheDocument();
  });

  it('does not stand in the way: Next works without a prediction', async () => {
    const user = userEvent.setup();
    const { askAt } = predictionPoint(timelineFor(DEFAULT_SCENARIO_ID, false))!;
    renderWalkthrough(<Walkthrough />, { cursor: askAt, fencing: false });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('group', { name: /Predict/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(`Step ${askAt + 2} of ${timelineFor(DEFAULT_SCENARIO_ID, false).frames.length}`),
    ).toBeInTheDocument();
  });
});

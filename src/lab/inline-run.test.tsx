import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import InlineRun from './inline-run';

describe('<InlineRun>: a lab preset live in the lesson', () => {
  it('steps through the etcd preset to its verdict, and links to the same run in the lab', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<InlineRun presetId="etcd-revision-as-token" />);
    const run = screen.getByRole('region', { name: 'Try it: etcd revision as token' });
    const live = within(run).getByTestId('run-on-screen');
    expect(live).toHaveTextContent(/Step 1 of \d+/);
    expect(within(live).queryByText(/^Verdict:/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(live).toHaveTextContent(/Step 2 of \d+/);
    await user.click(screen.getByRole('button', { name: 'Go to the end' }));
    expect(within(live).getByText(/^Verdict: Safe\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open this run in the lock lab' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\?service=etcd&.*&lab#lab$/),
    );
  });

  it('steps with the arrow keys while focus is in it', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<InlineRun presetId="redlock-does-not-save-you" />);
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const live = within(screen.getByRole('region', { name: /Redlock does not save you/ })).getByTestId('run-on-screen');
    expect(live).toHaveTextContent(/Step 3 of/);
    await user.keyboard('{End}');
    expect(within(live).getByText(/^Verdict: Stale write landed\./)).toBeInTheDocument();
  });

  it('holds its last frame for paper from the start, so an unstepped run prints its end', () => {
    renderWalkthrough(<InlineRun presetId="redlock-does-not-save-you" />);
    const run = screen.getByRole('region', { name: /Redlock does not save you/ });
    const paper = within(run).getByTestId('run-on-paper');
    expect(within(run).getByTestId('run-on-screen')).toHaveTextContent(/Step 1 of/);
    expect(within(paper).getByText(/^Verdict: Stale write landed\./)).toBeInTheDocument();
    const count = /Step 1 of (\d+)/.exec(run.textContent ?? '')![1];
    expect(within(paper).getByRole('img', { name: new RegExp(`step ${count} of ${count}\\.`) })).toBeInTheDocument();
    expect(within(paper).queryByRole('button')).not.toBeInTheDocument();
  });

  it('renders nothing for a preset that does not exist', () => {
    const { container } = renderWalkthrough(<InlineRun presetId="no-such-preset" />);
    expect(container).toBeEmptyDOMElement();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import lab from 'virtual:lockstep/lab';
import { presetConfig } from '@/settings/lab-config';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import InlineRun from './inline-run';
import styles from './lab.module.css';
import { labNarration } from './lab-narration';
import { createLabStore, selectLabTimeline } from './lab-store';

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

  it('the Redis failover run shows, on its strip and in its panel, when A and B both believe they hold the lock', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<InlineRun presetId="redis-failover" />);
    const live = within(screen.getByRole('region', { name: 'Try it: Redis failover' })).getByTestId('run-on-screen');
    const strip = () => within(live).getByRole('img', { name: /^Time to scale/ });
    // A group under the run's heading, not one more landmark of the page.
    const panel = () => within(live).getByRole('group', { name: 'Belief vs truth' });
    const both = 'Renewer A and Renewer B believe they hold the lock at once';
    expect(strip()).toHaveAccessibleName('Time to scale, now 0 s.');
    expect(panel()).not.toHaveTextContent(both);
    // Step by step to the promoted replica's grant to B, at 15 s: from then on both hold.
    const next = screen.getByRole('button', { name: 'Next' });
    while (!within(panel()).queryByText(`${both}.`)) await user.click(next);
    expect(live).toHaveTextContent('15 s');
    expect(strip().getAttribute('aria-label')).toContain(`${both}, from 15 s so far`);
    // A, which asked first and whose key the failover lost, is the one in the wrong.
    expect(within(panel()).getAllByRole('listitem')[0]).toHaveClass('mistaken');
    await user.click(screen.getByRole('button', { name: 'Go to the end' }));
    expect(strip().getAttribute('aria-label')).toContain(`${both}, from 15 s to 20 s`);
    expect(panel()).not.toHaveTextContent(both);
  });

  it('renders nothing for a preset that does not exist', () => {
    const { container } = renderWalkthrough(<InlineRun presetId="no-such-preset" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells the step it shows, aloud, and its end with the verdict and why, in the danger colour', async () => {
    const user = userEvent.setup();
    const preset = lab.presets.find((candidate) => candidate.id === 'redlock-does-not-save-you')!;
    const timeline = selectLabTimeline(createLabStore(presetConfig(preset.config)).getState());
    const captions = narrationsFor(timeline, labNarration).map((narration) => narration.caption);
    // Code marks become <code>: the text read is the caption without its backticks.
    const told = (at: number) => `${formatTime(timeline.frames[at]!.at)} ${captions[at]!.replaceAll('`', '')}`;
    renderWalkthrough(<InlineRun presetId={preset.id} />);
    const run = screen.getByRole('region', { name: 'Try it: Redlock does not save you' });
    const live = within(run).getByTestId('run-on-screen');
    const stepper = within(live).getByRole('group', { name: 'Step through Redlock does not save you' });
    await user.click(within(stepper).getByRole('button', { name: 'Next' }));
    await user.click(within(stepper).getByRole('button', { name: 'Next' }));
    const caption = live.querySelector('.caption')!;
    expect(caption.textContent).toBe(told(2));
    expect(caption).toHaveAttribute('aria-live', 'polite');
    // The paper copy is the last step, and is not read out as the reader steps.
    const paper = within(run).getByTestId('run-on-paper');
    expect(paper.querySelector('p')!.textContent).toBe(told(timeline.frames.length - 1));
    expect(paper.querySelector('[aria-live]')).toBeNull();
    await user.click(within(stepper).getByRole('button', { name: 'Go to the end' }));
    const verdict = within(live).getByText(/^Verdict:/).parentElement!;
    expect(verdict.textContent).toBe(
      'Verdict: Stale write landed. This lock service hands out no fencing token, so the table had nothing to check the late write against.',
    );
    expect(verdict).toHaveClass(styles.verdictStaleWriteLanded!);
    expect(run).toHaveClass(styles.inlineRun!);
  });
});

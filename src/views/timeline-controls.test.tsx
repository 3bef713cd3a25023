import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { StepControls, ViewToggles } from './timeline-controls';

function TimelineControls() {
  return (
    <>
      <StepControls />
      <ViewToggles />
    </>
  );
}

describe('<TimelineControls>', () => {
  it('shows the step and disables Back at the first step', () => {
    renderWalkthrough(<TimelineControls />);
    expect(screen.getByText(/^Step 1 of \d+$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('moves with Next and Back', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<TimelineControls />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/^Step 3 of \d+$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText(/^Step 2 of \d+$/)).toBeInTheDocument();
  });

  it('disables Next at the last step', () => {
    renderWalkthrough(<TimelineControls />, { cursor: 10_000 });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const [, step, of] = /^Step (\d+) of (\d+)$/.exec(screen.getByText(/^Step \d+ of \d+$/).textContent ?? '') ?? [];
    expect(step).toBe(of);
  });

  it('switches fencing tokens off and on, starting on', async () => {
    const user = userEvent.setup();
    const { store } = renderWalkthrough(<TimelineControls />, { cursor: 5 });
    const fencing = screen.getByRole('switch', { name: 'Fencing tokens' });
    expect(fencing).toHaveAttribute('aria-checked', 'true');
    await user.click(fencing);
    expect(fencing).toHaveAttribute('aria-checked', 'false');
    expect(store.getState()).toMatchObject({ fencing: false, cursor: 5 });
  });

  it('toggles the text version', async () => {
    const user = userEvent.setup();
    const { store } = renderWalkthrough(<TimelineControls />);
    const toggle = screen.getByRole('button', { name: 'Text version' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(store.getState().textVersion).toBe(true);
  });
});

describe('<StepControls> focus', () => {
  it('keeps keyboard focus when Back reaches the first step', async () => {
    const user = userEvent.setup();
    renderWalkthrough(<TimelineControls />, { cursor: 1 });
    const back = screen.getByRole('button', { name: 'Back' });
    back.focus();
    await user.keyboard('{Enter}');
    expect(back).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });
});

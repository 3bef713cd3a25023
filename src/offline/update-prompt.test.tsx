import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showUpdatePrompt } from './update-prompt';

describe('the prompt for a new build', () => {
  afterEach(() => document.getElementById('update-prompt')?.remove());

  it('offers to reload, and reloads only when asked', async () => {
    const reload = vi.fn();
    act(() => showUpdatePrompt(document, reload));
    const prompt = await screen.findByRole('status');
    expect(prompt).toHaveTextContent(/new version/i);
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes away on Later, leaving the page as it was', async () => {
    act(() => showUpdatePrompt(document, vi.fn()));
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(document.getElementById('update-prompt')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is shown once, however often the new build is announced', async () => {
    act(() => {
      showUpdatePrompt(document, vi.fn());
      showUpdatePrompt(document, vi.fn());
    });
    await screen.findByRole('status');
    expect(document.querySelectorAll('#update-prompt')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
  });
});

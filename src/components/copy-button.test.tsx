import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

afterEach(() => vi.restoreAllMocks());

describe('<CopyButton>', () => {
  it('copies the text it is given and says so', async () => {
    const user = userEvent.setup();
    const written = vi.spyOn(navigator.clipboard, 'writeText');
    render(<CopyButton label="Copy link" text="https://lockstep.example/?step=5" what="link" />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(written).toHaveBeenCalledWith('https://lockstep.example/?step=5');
    expect(screen.getByRole('status')).toHaveTextContent('Copied the link.');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('makes the text only when clicked', async () => {
    const user = userEvent.setup();
    const written = vi.spyOn(navigator.clipboard, 'writeText');
    let address = '/?step=1';
    const make = vi.fn(() => address);
    render(<CopyButton label="Copy link" text={make} what="link" />);
    expect(make).not.toHaveBeenCalled();
    address = '/?step=7';
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(written).toHaveBeenCalledWith('/?step=7');
  });

  it('where the browser refuses, shows the text selected in a box to copy by hand', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<CopyButton label="Copy embed code" text={'<iframe src="…"></iframe>'} what="embed code" />);
    await user.click(screen.getByRole('button', { name: 'Copy embed code' }));
    const box = screen.getByRole('textbox', { name: 'Copy the embed code from here:' });
    expect(box).toHaveValue('<iframe src="…"></iframe>');
    expect(box).toHaveAttribute('readonly');
    const { selectionStart, selectionEnd } = box as HTMLTextAreaElement;
    expect([selectionStart, selectionEnd]).toEqual([0, '<iframe src="…"></iframe>'.length]);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkipLink } from './skip-link';

describe('<SkipLink>', () => {
  it('moves focus to its target and leaves the address as it was', () => {
    render(
      <>
        <SkipLink targetId="controls">Skip to the controls</SkipLink>
        <div id="controls" tabIndex={-1}>
          controls
        </div>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to the controls' });
    expect(link).toHaveAttribute('href', '#controls');
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByText('controls')).toHaveFocus();
  });

  it('is an ordinary link when its target is not on the page', () => {
    render(<SkipLink targetId="missing">Skip</SkipLink>);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Skip' }))).toBe(true);
  });
});

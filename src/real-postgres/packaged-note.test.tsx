import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import PackagedNote from './packaged-note';

describe('the note a course package shows in place of the in-page Postgres', () => {
  it('names its heading, and links the site it came from inside the sentence, in a new tab', () => {
    render(<PackagedNote site="https://lockstep.example/" />);
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent('Real Postgres');
    const section = screen.getByRole('region', { name: 'Real Postgres' });
    expect(section).toHaveTextContent(
      "This copy of Lockstep is packaged for your course and leaves out the in-page Postgres, a download of about 5 MB. The site it came from runs each step's SQL on real PostgreSQL: https://lockstep.example/.",
    );
    const link = screen.getByRole('link', { name: 'https://lockstep.example/' });
    expect(link).toHaveAttribute('href', 'https://lockstep.example/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(section.querySelector('p')!.lastChild).toHaveProperty('textContent', '.');
  });
});

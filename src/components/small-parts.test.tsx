import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeText } from './code-text';
import { Prose } from './prose';
import proseStyles from './prose.module.css';
import { Toolbar, ToolbarProblem } from './toolbar';

describe('CodeText', () => {
  const html = (text: string) => render(<CodeText text={text} />).container.innerHTML;

  it('sets what backticks mark as code, and the rest as text', () => {
    expect(html('A sends `SET cert NX` to the node')).toBe('A sends <code>SET cert NX</code> to the node');
    expect(html('`fence <= 33` and `34`')).toBe('<code>fence &lt;= 33</code> and <code>34</code>');
  });

  it('leaves text with no backticks as it is, and an unclosed one runs to the end as code', () => {
    expect(html('no code here')).toBe('no code here');
    expect(html('ends with `open')).toBe('ends with <code>open</code>');
  });
});

describe('Prose', () => {
  it('renders the lesson’s HTML; the opening section gets its own class beside the prose one', () => {
    const { container, rerender } = render(<Prose html="<p>Lease <em>expires</em></p>" />);
    const prose = container.firstElementChild!;
    expect(prose.innerHTML).toBe('<p>Lease <em>expires</em></p>');
    expect(prose.className).toBe(proseStyles.prose);
    rerender(<Prose html="<p>Lease</p>" opening />);
    expect(container.firstElementChild!.className).toBe(`${proseStyles.prose} ${proseStyles.opening}`);
  });
});

describe('Toolbar', () => {
  it('is a group named by its label, and its problem line is a status', () => {
    render(
      <Toolbar label="Share this step">
        <button type="button">Copy link</button>
        <ToolbarProblem>The link could not be copied.</ToolbarProblem>
      </Toolbar>,
    );
    const group = screen.getByRole('group', { name: 'Share this step' });
    expect(group).toContainElement(screen.getByRole('button', { name: 'Copy link' }));
    expect(screen.getByRole('status')).toHaveTextContent('The link could not be copied.');
  });
});

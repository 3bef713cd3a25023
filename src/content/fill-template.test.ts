import { describe, expect, it } from 'vitest';
import { fillTemplate } from './fill-template';

describe('fillTemplate', () => {
  it('fills every placeholder, each time it appears', () => {
    expect(fillTemplate('{renewer} holds token {token}; {renewer} writes.', { renewer: 'A', token: '33' })).toBe(
      'A holds token 33; A writes.',
    );
  });

  it('leaves a placeholder it is not given as written, and text without placeholders alone', () => {
    expect(fillTemplate('Token {token} at {time}.', { token: '34' })).toBe('Token 34 at {time}.');
    expect(fillTemplate('No {placeholders} here {}.', {})).toBe('No {placeholders} here {}.');
    expect(fillTemplate('An empty value: "{value}".', { value: '' })).toBe('An empty value: "".');
  });
});

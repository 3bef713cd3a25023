import { describe, expect, it } from 'vitest';
import { joinAnswers } from './answer-text';

describe('the printed answer key', () => {
  it('sets sentences side by side with their own full stops, and phrases apart with semicolons', () => {
    expect(joinAnswers(['It compares tokens.', 'It refuses the write.'])).toBe(
      'It compares tokens. It refuses the write.',
    );
    expect(joinAnswers(['fencing tokens', 'leases'])).toBe('fencing tokens; leases');
    expect(joinAnswers(['A pause?', 'a delay'])).toBe('A pause? a delay');
    expect(joinAnswers(['only one'])).toBe('only one');
    expect(joinAnswers([])).toBe('');
  });
});

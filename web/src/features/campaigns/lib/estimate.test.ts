import { describe, expect, it } from 'vitest';
import { estimatedMinutes, wordsInHtml } from './estimate';

// The same cases as the API's `the_estimate_counts_questions_and_the_words_to_read`.
describe('the time a campaign takes', () => {
  it('counts questions and the words to read, as the API does', () => {
    expect(wordsInHtml('<p>Tell us <strong>your</strong> story.</p><ul><li>One</li></ul>')).toBe(5);
    expect(wordsInHtml('<p></p>')).toBe(0);
    expect(estimatedMinutes(0, 0)).toBe(1);
    expect(estimatedMinutes(3, 0)).toBe(5);
    expect(estimatedMinutes(3, 400)).toBe(7);
    expect(estimatedMinutes(10, 0)).toBe(15);
  });
});

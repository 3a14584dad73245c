import { describe, expect, it } from 'vitest';
import { editorLink, emptyForm, filterBody, formatDuration } from './search';

describe('search screen logic', () => {
  it('sends only the filled filters, trimmed', () => {
    expect(filterBody(emptyForm)).toEqual({});
    expect(filterBody({ ...emptyForm, text: '  lighthouse ', campaignId: 'c1', from: '2026-01-01' })).toEqual({
      text: 'lighthouse',
      campaignId: 'c1',
      from: '2026-01-01',
    });
  });

  it('shows durations as minutes and seconds', () => {
    expect(formatDuration(12.4)).toBe('0:12');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(null)).toBe('');
  });

  it('links to the response editor at the answer and the matched word', () => {
    const result = { campaignId: 'c 1', contributorId: 'k1', journeyId: 'q1' };
    expect(editorLink(result)).toBe('/campaign/c%201/response-editor/k1?answer=q1');
    expect(editorLink({ ...result, match: { snippet: { start: 1.5 } } })).toBe(
      '/campaign/c%201/response-editor/k1?answer=q1&t=1.5',
    );
    expect(editorLink({ ...result, match: { snippet: { start: 2.3333 } } })).toContain('&t=2.33');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

const initialZone = process.env.TZ;

/** The module as a viewer in `zone` loads it. */
async function formatIn(zone: string) {
  process.env.TZ = zone;
  vi.resetModules();
  return import('./format');
}

afterEach(() => {
  process.env.TZ = initialZone;
  vi.resetModules();
});

describe('dates', () => {
  it('show a calendar date (deadline, expiry) as written, wherever the viewer is', async () => {
    for (const zone of ['Pacific/Honolulu', 'Europe/London', 'Pacific/Auckland']) {
      const { formatDate, formatDateTime } = await formatIn(zone);
      expect(formatDate('2026-03-05'), zone).toBe('5 Mar 2026');
      expect(formatDateTime('2026-12-31'), zone).toBe('31 Dec 2026');
    }
  });

  it("show a moment (created, uploaded, sent) on the viewer's own day and clock", async () => {
    const moment = '2026-03-05T23:30:00Z';
    const london = await formatIn('Europe/London');
    expect(london.formatDate(moment)).toBe('5 Mar 2026');
    expect(london.formatDateTime(moment)).toBe('5 Mar 2026, 23:30');
    const auckland = await formatIn('Pacific/Auckland');
    expect(auckland.formatDate(moment)).toBe('6 Mar 2026');
    expect(auckland.formatDateTime(moment)).toBe('6 Mar 2026, 12:30');
  });

  it('give nothing for a missing or unreadable value', async () => {
    const { formatDate, formatDateTime } = await formatIn('Europe/London');
    for (const value of [null, undefined, '', 'soon', '2026-13-45']) {
      expect(formatDate(value)).toBeNull();
      expect(formatDateTime(value)).toBeNull();
    }
  });
});

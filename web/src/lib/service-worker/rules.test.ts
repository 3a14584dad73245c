import { describe, expect, it } from 'vitest';
import { apiBaseUrl, isAppNavigation, isContributorRead, type RequestLike } from './rules';

const ORIGIN = 'https://stories.example.org';
const api = apiBaseUrl('/api', ORIGIN);
const at = (path: string) => new URL(path, ORIGIN);

function get(url: string, headers: Record<string, string> = { 'X-Invite-Key': 'k' }, extra: Partial<RequestLike> = {}): RequestLike {
  const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  return { method: 'GET', url, headers: { has: (name) => names.has(name.toLowerCase()) }, ...extra };
}

describe('the navigation fallback (app routes get the app shell offline)', () => {
  it('answers the app routes, the contributor link with its key included', () => {
    for (const path of ['/', '/login', '/campaigns', '/contributor-journey', '/contributor-journey/record-video?istest=true']) {
      expect(isAppNavigation(at(path), api), path).toBe(true);
    }
    expect(isAppNavigation(at('/contributor/T1/C1?contributorId=P1&key=ab.cd-ef_gh'), api)).toBe(true);
  });

  it('never the API, the dev mailbox, the API document or a file', () => {
    for (const path of ['/api', '/api/health', '/api/contributor-journey/T/C/P', '/_dev/mailbox', '/_dev', '/openapi.json', '/sw.js', '/favicon.svg', '/assets/index-abc.js', '/contributor-manifest.json']) {
      expect(isAppNavigation(at(path), api), path).toBe(false);
    }
  });

  it('never the API under another base path', () => {
    const base = apiBaseUrl('/prod-api/', ORIGIN);
    expect(base.href).toBe(`${ORIGIN}/prod-api`);
    expect(isAppNavigation(at('/prod-api/health'), base)).toBe(false);
    expect(isAppNavigation(at('/prod-apis'), base)).toBe(true);
  });
});

describe('the contributor reads kept for an offline reopen', () => {
  it('keeps the campaign, the journey and the questions to ask, read with the invitation key', () => {
    for (const path of ['/api/contributor/T1/C1/P1', '/api/contributor-journey/T1/C1/P1', '/api/contributor-journey/all-questions/T1/C1/P1']) {
      expect(isContributorRead(get(`${ORIGIN}${path}`), api), path).toBe(true);
    }
  });

  it('never a staff call, a write, a fresh read or another API call', () => {
    const journey = `${ORIGIN}/api/contributor-journey/T1/C1/P1`;
    expect(isContributorRead(get(journey, { 'X-Invite-Key': 'k', Authorization: 'Bearer t' }), api)).toBe(false);
    expect(isContributorRead(get(journey, {}), api)).toBe(false);
    expect(isContributorRead(get(journey, undefined, { method: 'POST' }), api)).toBe(false);
    // The upload queue asks for the server's state.
    expect(isContributorRead(get(journey, undefined, { cache: 'no-store' }), api)).toBe(false);
    // Staff lists of a campaign's collaborators, and the AI status.
    expect(isContributorRead(get(`${ORIGIN}/api/contributor/C1/all`), api)).toBe(false);
    expect(isContributorRead(get(`${ORIGIN}/api/openai/status`), api)).toBe(false);
    // The same path on another origin (not the API).
    expect(isContributorRead(get('https://elsewhere.example.com/api/contributor-journey/T1/C1/P1'), api)).toBe(false);
  });

  it('never a presigned storage URL', () => {
    const signed = 'https://bucket.s3.eu-west-1.amazonaws.com/api/contributor/T1/C1/P1?X-Amz-Signature=abc&X-Amz-Credential=x';
    expect(isContributorRead(get(signed), apiBaseUrl('https://bucket.s3.eu-west-1.amazonaws.com/api', ORIGIN))).toBe(false);
  });

  it('an API on another origin (VITE_API_BASE_URL absolute)', () => {
    const remote = apiBaseUrl('https://abc.execute-api.eu-west-1.amazonaws.com/prod', ORIGIN);
    expect(isContributorRead(get('https://abc.execute-api.eu-west-1.amazonaws.com/prod/contributor-journey/T/C/P'), remote)).toBe(true);
    expect(isContributorRead(get(`${ORIGIN}/api/contributor-journey/T/C/P`), remote)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { buildPath, paths } from './paths';

describe('buildPath', () => {
  it('fills path parameters', () => {
    expect(buildPath(paths.contributorCampaign, { tenantId: 't1', campaignId: 'c 2' })).toBe('/contributor/t1/c%202');
    expect(buildPath(paths.responseEditorTour, { campaignId: 'c', collaboratorId: 'x' })).toBe('/campaign/c/response-editor/x/tour');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildPath(paths.campaignEdit)).toThrow(/id/);
  });
});

describe('parseEnv', () => {
  it("defaults the API base URL to '/api'", () => {
    expect(parseEnv({}).API_BASE_URL).toBe('/api');
    expect(parseEnv({ VITE_API_BASE_URL: '' }).API_BASE_URL).toBe('/api');
  });

  it('takes a configured URL without its trailing slash', () => {
    expect(parseEnv({ VITE_API_BASE_URL: 'https://abc.execute-api.eu-west-2.amazonaws.com/prod/' }).API_BASE_URL).toBe(
      'https://abc.execute-api.eu-west-2.amazonaws.com/prod',
    );
  });

  it('rejects a value that is not a string', () => {
    expect(() => parseEnv({ VITE_API_BASE_URL: 42 })).toThrow(/Invalid environment/);
  });
});

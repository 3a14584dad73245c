import { describe, expect, it } from 'vitest';
import { isContributorPath, matchContributorPath } from './entry';
import { paths } from './paths';

describe('the entry chosen by path', () => {
  it('gives the five contributor pages the contributor entry, with the invitation link params', () => {
    expect(isContributorPath(paths.contributorJourney)).toBe(true);
    expect(isContributorPath(`${paths.contributorJourney}/`)).toBe(true);
    expect(isContributorPath(paths.contributorRecordVideo)).toBe(true);
    expect(isContributorPath(paths.contributorGoodJob)).toBe(true);
    expect(isContributorPath(paths.contributorScript)).toBe(true);
    expect(matchContributorPath('/contributor/t%201/c1')).toEqual({ pattern: paths.contributorCampaign, params: { tenantId: 't 1', campaignId: 'c1' } });
    expect(matchContributorPath(paths.contributorGoodJob)?.pattern).toBe(paths.contributorGoodJob);
  });

  it('gives every other path the staff app, public pages included', () => {
    for (const path of ['/', '/login', '/campaigns', '/initiative/campaign/c1', paths.compareVideo, paths.videoTest, '/contributor', '/contributor/x', '/contributor/a/b/c', '/contributor-journey/other']) {
      expect(isContributorPath(path), path).toBe(false);
    }
  });
});

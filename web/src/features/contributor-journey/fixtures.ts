// Test data of the contributor pages (shared test fixtures in src/testing stay below the features).
import type { ContributorCampaign } from './types';

/** What `GET /contributor/campaign` answers a collaborator invited to one campaign. */
export function makeContributorCampaign(
  questions: ContributorCampaign['campaign']['questions'] = [],
): ContributorCampaign {
  return {
    campaign: {
      id: 'c1',
      tenantId: 't1',
      title: 'Spring stories',
      description: 'Tell us about spring',
      brief: '',
      script: '',
      estimatedMinutes: 2,
      mode: 'landscape',
      language: 'en',
      type: 'targeted',
      visibility: 'private',
      questions,
    },
    contributor: { id: 'p1', email: 'robin@example.org', firstName: '', lastName: '', isDetailSubmitted: false, isSuspended: false },
    organisation: { termsAccepted: true, consentWithdrawn: false, termsVersion: 0 },
    startedJourney: false,
    submitted: false,
    videoConfig: { speed: 20, contrast: 50, fontSize: null },
  };
}

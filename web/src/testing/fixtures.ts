import type { CurrentUser } from '@/lib/api/types';
import type { StaffRole } from '@/config/access';
import type { ContributorCampaign } from '@/features/contributor-journey/types';

export function makeUser(role: StaffRole, overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@acme-films.com',
    avatar: null,
    role: { id: 1, name: role },
    tenantUserId: 'tu1',
    companyName: 'Acme Films',
    roleInCompany: 'Producer',
    encouragementVideo: null,
    department: null,
    tenantId: 't1',
    companyLogo: null,
    country: 'GB',
    defaultEncouragementVideo: null,
    skippedEditorTour: false,
    termsNConditions: null,
    setupCompleted: true,
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'Content-Type': 'application/json' },
  });
}

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
      type: 'targeted',
      visibility: 'private',
      questions,
    },
    contributor: { id: 'p1', email: 'robin@example.org', firstName: '', lastName: '', isDetailSubmitted: false, isSuspended: false },
    organisation: { termsAccepted: true, termsVersion: 0 },
    startedJourney: false,
    submitted: false,
    videoConfig: { speed: 20, contrast: 50, fontSize: null },
  };
}

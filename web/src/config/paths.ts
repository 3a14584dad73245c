/**
 * Every screen path of the web app (spec section 2, shared route table), as full strings: guards,
 * links and the router use this one source of truth. The router registers the screens that exist
 * (app/routed-paths.ts reads them from it).
 */
export const paths = {
  compareVideo: '/compareVideo',
  videoTest: '/videotest',

  login: '/login',
  signUp: '/sign-up',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  adminLogin: '/admin-login',

  userSetup: '/user-setup',
  companySetup: '/company-setup',

  dashboard: '/',
  profile: '/profile',
  campaigns: '/campaigns',
  searchVideos: '/searchVideos',
  /** Not in the spec's route table: the inbox of answers (issue 28), `?campaignId=&status=`. */
  responses: '/responses',
  /** Not in the spec's route table: what is published, live and taken down (issue 22), `?status=`. */
  publications: '/publications',
  /** Not in the spec's route table: walls of published videos (issue 22), `?edit=new|<wallId>`. */
  walls: '/walls',
  campaignCreate: '/initiative/campaign/create',
  campaignEdit: '/initiative/campaign/:id',
  responseEditor: '/campaign/:campaignId/response-editor/:collaboratorId',
  responseEditorTour: '/campaign/:campaignId/response-editor/:collaboratorId/tour',
  storyEditor: '/campaign/:campaignId/stories/:storyId',
  users: '/users',
  guidelines: '/guidelines',
  help: '/help',
  requestEditor: '/request-editor',
  /** Not in the spec's route table: Settings → Integrations, API keys and webhooks (issue 26). */
  integrations: '/settings/integrations',

  contributorJourney: '/contributor-journey',
  contributorRecordVideo: '/contributor-journey/record-video',
  contributorGoodJob: '/contributor/goodJobContributor',
  contributorCampaign: '/contributor/:tenantId/:campaignId',
  contributorScript: '/contributor/scriptContributor',
  /** An open campaign's sign-up page: the link on its poster and QR code. */
  contributorJoin: '/join/:tenantId/:campaignId',

  /** Not in the spec's route table: the page an invited staff member's e-mailed link opens. */
  acceptInvitation: '/accept-invitation',
} as const;

export type PathKey = keyof typeof paths;
export type AppPath = (typeof paths)[PathKey];

/** Fills the `:params` of a path. */
export function buildPath(path: AppPath, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The response editor at one answer (`?answer=`), and at a moment of it (`&t=` seconds) when given. */
export function responseEditorAt(campaignId: string, collaboratorId: string, answer: string, seconds?: number | null): string {
  const query = new URLSearchParams({ answer });
  if (seconds != null && Number.isFinite(seconds)) query.set('t', String(Math.round(seconds * 100) / 100));
  return `${buildPath(paths.responseEditor, { campaignId, collaboratorId })}?${query.toString()}`;
}

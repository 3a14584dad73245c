import { paths, type AppPath } from '@/config/paths';

/**
 * Screens that exist in this build. Paths of later screens are listed in config/paths.ts and
 * config/access.ts; they are registered here when their screens are built.
 */
export const routedPaths: ReadonlySet<AppPath> = new Set<AppPath>([
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  paths.resetPassword,
  paths.adminLogin,
  paths.dashboard,
  paths.profile,
  paths.campaigns,
  paths.campaignCreate,
  paths.campaignEdit,
  paths.contributorCampaign,
  paths.contributorJourney,
  paths.contributorRecordVideo,
  paths.contributorGoodJob,
  paths.contributorScript,
  paths.users,
  paths.acceptInvitation,
  paths.guidelines,
  paths.help,
  paths.requestEditor,
  paths.userSetup,
  paths.companySetup,
  paths.compareVideo,
  paths.responseEditor,
  paths.responseEditorTour,
  paths.videoTest,
  paths.searchVideos,
]);

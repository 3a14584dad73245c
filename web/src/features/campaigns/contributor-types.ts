import type { components } from '@/types/schema';

/** Collaborator (contributor) shapes of the staff panel, from the generated OpenAPI types. */
type S = components['schemas'];

export type ContributorStatus = S['UserStatus'];
export type CampaignContributor = S['CampaignContributor'];
export type Contributor = S['Contributor'];
export type VideoInfo = S['VideoInfo'];
export type UploadStatus = S['UploadStatus'];
export type ContributorAnswer = S['Answer'];
export type ContributorAnswers = S['ContributorAnswers'];
export type CampaignContributorPage = S['CampaignContributorPage'];
export type ContributorAnswersPage = S['ContributorAnswersPage'];
export type ReviewStatus = S['ReviewStatus'];
export type ReinviteResponse = S['Reinvited'];
export type InviteResponse = S['InviteResult'];

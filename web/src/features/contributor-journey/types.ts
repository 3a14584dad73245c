import type { components } from '@/types/schema';

type S = components['schemas'];

/**
 * Contributor-side shapes of the API, taken from the generated OpenAPI types (type-only imports:
 * nothing of the staff client is bundled). Only the locally stored records are declared here.
 */
export type VideoConfig = S['VideoConfig'];
export type OpenCampaign = S['OpenCampaign'];
export type VideoInfo = S['VideoInfo'];
export type DeviceType = 'Mobile' | 'Tablet' | 'Desktop';
export type UploadStatus = S['UploadStatus'];
export type RecordingMode = S['RecordingMode'];
export type JourneyQuestion = S['JourneyQuestion'];
export type Journey = S['Journey'];
export type PreviewQuestion = S['PreviewQuestion'];
export type CampaignPreview = S['CampaignPreview'];
export type ContributorCampaign = S['ContributorCampaign'];
/** The landing's organisation block (with `consentWithdrawn`, issue 22). */
export type ContributorOrganisation = ContributorCampaign['organisation'];
export type StoredVideos = S['StoredVideos'];
export type StoredAnswer = S['Answer'];
export type StartUploadResponse = S['UploadStarted'];
export type UploadedPart = { partNumber: number; etag: string; sizeBytes: number };

/** What the invitation link gives (localStorage `contributorData`). */
export type ContributorData = { contributorId: string; tenantId: string; campaignId: string; key: string };

/** Cached contributor details (localStorage `contributorDetail`, spec sections 3 and 4). */
export type ContributorDetail = { id: string; email: string; isDetailSubmitted: boolean; videoConfig: VideoConfig };


export type AiStatus = S['AiStatus'];
export type GeneratedScript = S['GeneratedScript'];

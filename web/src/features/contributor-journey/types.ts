/**
 * Contributor-side shapes of the API (contract of issue 4). Kept local so that the contributor
 * bundle does not depend on the staff parts of the generated schema; `api/schema-check.ts` asserts
 * they stay assignable to the generated types.
 */
export type VideoConfig = { speed: number; contrast: number; fontSize: number | null };

export type VideoInfo = {
  key: string;
  url: string;
  durationSeconds: number;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  container: 'mp4' | 'webm' | 'mov' | 'mkv';
  deviceType: DeviceType | null;
  uploadedAt: string;
};

export type DeviceType = 'Mobile' | 'Tablet' | 'Desktop';
export type UploadStatus = 'none' | 'uploading' | 'stored' | 'failed';
export type RecordingMode = 'landscape' | 'portrait';

export type JourneyQuestion = {
  campaignQuestionId: string;
  question: string;
  tips: string | null;
  sequence: number;
  script: string | null;
  contributorScript: string | null;
  videoConfig: VideoConfig;
  sentForReRecording: boolean;
  collaboratorReRecordingStatus: string | null;
  uploadStatus: UploadStatus;
  failureReason: string | null;
  video: VideoInfo | null;
  toAsk: boolean;
};

export type Journey = {
  tenantId: string;
  campaignId: string;
  contributorId: string;
  questions: JourneyQuestion[];
  submitted: boolean;
  submittedAt: string | null;
  reRecording: boolean;
};

export type PreviewQuestion = { campaignQuestionId?: string; id?: string; question: string; tips?: string | null; sequence: number };

export type CampaignPreview = {
  id: string;
  tenantId: string;
  title: string;
  description: string;
  brief: string;
  type: string;
  visibility: string;
  mode: RecordingMode;
  questions: PreviewQuestion[];
  companyLogo?: string | null;
  companyName?: string | null;
  deadline?: string | null;
  expiryDate?: string | null;
};

export type ContributorCampaign = {
  contributor: { id: string; email: string; firstName: string; lastName: string; isSuspended: boolean; isDetailSubmitted: boolean };
  startedJourney: boolean;
  submitted: boolean;
  videoConfig: VideoConfig;
  campaign: CampaignPreview;
};

/** What the invitation link gives (localStorage `contributorData`). */
export type ContributorData = { contributorId: string; tenantId: string; campaignId: string; key: string };

/** Cached contributor details (localStorage `contributorDetail`, spec sections 3 and 4). */
export type ContributorDetail = { id: string; email: string; isDetailSubmitted: boolean; videoConfig: VideoConfig };

export type StartUploadResponse = { key: string; uploadId: string; partSize: number; maxParts: number; expiresInSeconds: number };
export type UploadedPart = { partNumber: number; etag: string; sizeBytes: number };

import type {
  AiStatus,
  ContributorCampaign,
  GeneratedScript,
  ContributorData,
  Journey,
  JourneyQuestion,
  OpenCampaign,
  StartUploadResponse,
  StoredVideos,
  UploadedPart,
  VideoConfig,
} from '../types';
import { contributorCall, enc, type ContributorCallOptions } from './contributor-client';

type Ids = Pick<ContributorData, 'tenantId' | 'campaignId' | 'contributorId'>;
const base = (ids: Ids) => `${enc(ids.tenantId)}/${enc(ids.campaignId)}/${enc(ids.contributorId)}`;
const idsOf = (ids: Ids): Ids => ({ tenantId: ids.tenantId, campaignId: ids.campaignId, contributorId: ids.contributorId });

export function fetchContributorCampaign(ids: Ids, options?: ContributorCallOptions) {
  return contributorCall<ContributorCampaign>('GET', `/contributor/${base(ids)}`, undefined, options);
}

export function saveContributorDetails(ids: Ids, names: { firstName: string; lastName: string }, options?: ContributorCallOptions) {
  return contributorCall<ContributorCampaign>('POST', '/contributor/save', { ...idsOf(ids), ...names }, options);
}

export function fetchJourney(ids: Ids, options?: ContributorCallOptions) {
  return contributorCall<Journey>('GET', `/contributor-journey/${base(ids)}`, undefined, options);
}

export function fetchQuestionsToAsk(ids: Ids, options?: ContributorCallOptions) {
  return contributorCall<JourneyQuestion[]>('GET', `/contributor-journey/all-questions/${base(ids)}`, undefined, options);
}

export type JourneySave = {
  campaignQuestionId: string;
  contributorScript?: string;
  videoConfig?: VideoConfig;
  collaboratorReRecordingStatus?: string;
};

export function saveJourney(ids: Ids, save: JourneySave, options?: ContributorCallOptions) {
  return contributorCall<JourneyQuestion>('POST', '/contributor-journey/save', { ...idsOf(ids), ...save }, options);
}

export function addVideo(
  ids: Ids,
  video: { campaignQuestionId: string; s3VideoKey: string; deviceType: string; videoDuration: number },
  options?: ContributorCallOptions,
) {
  return contributorCall<{ message: string }>('POST', '/contributor/addVideo', { ...idsOf(ids), ...video }, options);
}

export function submitJourney(ids: Ids, options?: ContributorCallOptions) {
  return contributorCall<{ message: string }>('PUT', `/contributor/${base(ids)}/submit`, undefined, options);
}

/** The collaborator's stored takes, each with a short-lived URL to play it. */
export function fetchStoredVideos(ids: Ids, options?: ContributorCallOptions) {
  return contributorCall<StoredVideos>('POST', '/contributor/campaign/videos', idsOf(ids), options);
}

// Multipart upload (contract of issue 4).

export type UploadRef = { key: string; uploadId: string };

export function startUpload(
  ids: Ids,
  body: { campaignQuestionId: string; contentType: string; sizeBytes?: number; deviceType?: string },
  options?: ContributorCallOptions,
) {
  return contributorCall<StartUploadResponse>('POST', '/contributor-upload/start', { ...idsOf(ids), ...body }, options);
}

/** A URL to PUT part `partNumber` (1-based) of exactly `sizeBytes` bytes (1..partSize; only the last part is shorter). */
export function signPart(ids: Ids, ref: UploadRef, partNumber: number, sizeBytes: number, options?: ContributorCallOptions) {
  return contributorCall<{ url: string; expiresInSeconds: number }>(
    'POST',
    '/contributor-upload/sign-part',
    { ...idsOf(ids), key: ref.key, uploadId: ref.uploadId, partNumber, sizeBytes },
    options,
  );
}

export function listParts(ids: Ids, ref: UploadRef, options?: ContributorCallOptions) {
  return contributorCall<{ parts: (Omit<UploadedPart, 'sizeBytes'> & { sizeBytes?: number | null })[] }>(
    'POST',
    '/contributor-upload/parts',
    { ...idsOf(ids), key: ref.key, uploadId: ref.uploadId },
    options,
  );
}

export function completeUpload(
  ids: Ids,
  ref: UploadRef,
  parts: { partNumber: number; etag: string }[],
  options?: ContributorCallOptions,
) {
  return contributorCall<{ key: string; message: string }>(
    'POST',
    '/contributor-upload/complete',
    { ...idsOf(ids), key: ref.key, uploadId: ref.uploadId, parts },
    options,
  );
}

export function abortUpload(ids: Ids, ref: UploadRef, options?: ContributorCallOptions) {
  return contributorCall<{ message: string }>(
    'POST',
    '/contributor-upload/abort',
    { ...idsOf(ids), key: ref.key, uploadId: ref.uploadId },
    options,
  );
}

/** Accepts the organisation's terms and conditions (the version the landing page showed). */
export function acceptTerms(ids: Ids, version: number, options?: ContributorCallOptions) {
  return contributorCall<ContributorCampaign['organisation']>('POST', '/contributor/accept-terms', { ...idsOf(ids), version }, options);
}

/** Whether AI writing help is configured (open call; the key it carries is not needed). */
export function fetchAiStatus(options?: ContributorCallOptions) {
  return contributorCall<AiStatus>('GET', '/openai/status', undefined, options);
}

/**
 * The AI wand: writes the collaborator's script of a question from their prompt (or, with
 * `fromFirstAnswer`, from their own first answer). The server saves it as their script.
 */
export function generateScript(
  ids: Ids,
  request: { campaignQuestionId: string; prompt: string; fromFirstAnswer?: boolean },
  options?: ContributorCallOptions,
) {
  return contributorCall<GeneratedScript>(
    'POST',
    '/openai/generate-script',
    { ...idsOf(ids), fromFirstAnswer: false, ...request },
    options,
  );
}

/**
 * Withdraws the collaborator's consent to publication (issue 22): every published video with their
 * clips is taken down. Only accepting the terms again gives it back.
 */
export function withdrawConsent(ids: Ids, options?: ContributorCallOptions) {
  return contributorCall<{ message: string }>('POST', '/contributor/withdraw-consent', idsOf(ids), options);
}

// Open campaigns: anyone may sign up (the link on a poster's QR code). No key is sent.

/** What the sign-up page shows of an open, live, public campaign (404 for anything else). */
export function fetchOpenCampaign(tenantId: string, campaignId: string, options?: ContributorCallOptions) {
  return contributorCall<OpenCampaign>('GET', `/contributor/open/${encodeURIComponent(tenantId)}/${encodeURIComponent(campaignId)}`, undefined, {
    key: '',
    ...options,
  });
}

/** Asks for a personal link by e-mail; the answer is the same whether or not the address was known. */
export function registerForOpenCampaign(tenantId: string, campaignId: string, person: { firstName: string; lastName: string; email: string }) {
  return contributorCall<{ message: string }>(
    'POST',
    `/contributor/register/${encodeURIComponent(tenantId)}/${encodeURIComponent(campaignId)}`,
    person,
    { key: '', toast: false },
  );
}

import { env } from '@/config/env';
import { readToken } from '@/lib/storage';
import { contributorFetch } from '../api/contributor-client';
import type { ContributorCampaign, ContributorOrganisation, Journey, JourneyQuestion, StoredAnswer as Answer, VideoInfo } from '../types';
import { PREVIEW_CONTRIBUTOR_ID, PREVIEW_TAKE_DB, type PreviewSession } from './session';

/**
 * The contributor API as a preview answers it, in this tab's memory: the campaign and the journey come
 * once from the staff call `GET /contributor/{campaignId}/preview` (the server builds them with the same
 * code as an invited collaborator's pages), and every write (names, terms, scripts, takes, submission)
 * changes only this copy. Takes go through the real upload queue, whose parts land here instead of in
 * the storage, and play back from the browser's memory. Loaded only in a preview tab.
 */

/** The scheme of the part URLs a preview signs: the upload queue PUTs to them through `contributorFetch`. */
const PART_URL_PREFIX = 'preview-upload:';
const PART_SIZE = 5 * 1024 * 1024;
const SIGNED_IN_AGAIN = 'Your staff session has ended. Sign in again, then open the preview from the campaign page.';
const NOT_IN_PREVIEW = 'This cannot be done in a preview.';

type Take = { video: VideoInfo; blob: Blob };
type Upload = { key: string; questionId: string; parts: Map<number, Blob> };

type PreviewState = {
  campaign: ContributorCampaign;
  journey: Journey;
  takes: Map<string, Take>;
  uploads: Map<string, Upload>;
  objects: Map<string, Blob>;
  seq: number;
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const problem = (status: number, detail: string) => json(status, { detail, requestId: 'preview' });

async function loadPreview(session: PreviewSession, realFetch: typeof contributorFetch.fetch): Promise<PreviewState | Response> {
  const token = readToken();
  if (!token) return problem(403, SIGNED_IN_AGAIN);
  let response: Response;
  try {
    response = await realFetch(`${env.API_BASE_URL}/contributor/${encodeURIComponent(session.campaignId)}/preview`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token.access_token}` },
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    return problem(503, 'The preview could not be loaded. Please check your connection and try again.');
  }
  if (response.status === 401) return problem(403, SIGNED_IN_AGAIN);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    return problem(response.status === 404 ? 403 : response.status, body?.detail ?? 'The preview could not be loaded.');
  }
  const { campaign, journey } = (await response.json()) as { campaign: ContributorCampaign; journey: Journey };
  return { campaign, journey, takes: new Map(), uploads: new Map(), objects: new Map(), seq: 0 };
}

function questionView(state: PreviewState, question: JourneyQuestion): JourneyQuestion {
  const take = state.takes.get(question.campaignQuestionId);
  return {
    ...question,
    stored: Boolean(take),
    uploadStatus: take ? 'stored' : 'none',
    video: take?.video ?? null,
    toAsk: !take && !state.journey.submitted,
  };
}

function journeyView(state: PreviewState): Journey {
  return { ...state.journey, questions: state.journey.questions.map((q) => questionView(state, q)) };
}

function answers(state: PreviewState): Answer[] {
  return state.journey.questions.map((q) => {
    const take = state.takes.get(q.campaignQuestionId);
    return {
      campaignQuestionId: q.campaignQuestionId,
      question: q.question,
      sequence: q.sequence,
      uploadStatus: take ? 'stored' : 'none',
      sentForReRecording: false,
      failureReason: null,
      reviewStatus: take ? 'new' : null,
      video: take?.video ?? null,
      media: take ? { status: 'ready', transcriptStatus: 'none' } : null,
    } as Answer;
  });
}

type Body = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Answers one contributor call from the preview's state. */
async function route(state: PreviewState, method: string, path: string, body: Body, realFetch: typeof contributorFetch.fetch): Promise<Response> {
  const c = state.campaign;
  if (method === 'GET' && /^\/contributor\/[^/]+\/[^/]+\/[^/]+$/.test(path)) return json(200, c);
  if (method === 'POST' && path === '/contributor/save') {
    const firstName = text(body.firstName).trim();
    const lastName = text(body.lastName).trim();
    if (!firstName || !lastName) return problem(400, !firstName ? 'First name is required' : 'Last name is required');
    state.campaign = {
      ...c,
      contributor: { ...c.contributor, firstName, lastName, isDetailSubmitted: true },
      startedJourney: true,
    };
    return json(200, state.campaign);
  }
  if (method === 'POST' && path === '/contributor/accept-terms') {
    const organisation: ContributorOrganisation = { ...c.organisation, termsAccepted: true, consentWithdrawn: false };
    state.campaign = { ...c, organisation };
    return json(200, state.campaign.organisation);
  }
  // A preview publishes nothing: withdrawing only shows what the collaborator would see.
  if (method === 'POST' && path === '/contributor/withdraw-consent') {
    const organisation: ContributorOrganisation = { ...c.organisation, consentWithdrawn: true };
    state.campaign = { ...c, organisation };
    return json(200, { message: 'Your consent is withdrawn. Your published videos were taken down.' });
  }
  if (method === 'GET' && path.startsWith('/contributor-journey/all-questions/')) {
    return json(200, journeyView(state).questions.filter((q) => q.toAsk));
  }
  if (method === 'GET' && path.startsWith('/contributor-journey/')) return json(200, journeyView(state));
  if (method === 'POST' && path === '/contributor-journey/save') {
    const id = text(body.campaignQuestionId);
    const index = state.journey.questions.findIndex((q) => q.campaignQuestionId === id);
    const question = state.journey.questions[index];
    if (!question) return problem(404, 'Question not found');
    if (typeof body.contributorScript === 'string') {
      state.journey.questions[index] = { ...question, contributorScript: body.contributorScript };
    }
    // The teleprompter's settings are the collaborator's, for every question (as the server keeps them).
    if (body.videoConfig) {
      const videoConfig = body.videoConfig as JourneyQuestion['videoConfig'];
      state.journey.questions = state.journey.questions.map((q) => ({ ...q, videoConfig }));
      state.campaign = { ...state.campaign, videoConfig };
    }
    return json(200, questionView(state, state.journey.questions[index] ?? question));
  }
  if (method === 'POST' && path === '/contributor-upload/start') {
    const questionId = text(body.campaignQuestionId);
    if (!state.journey.questions.some((q) => q.campaignQuestionId === questionId)) return problem(404, 'Question not found');
    const uploadId = `preview-${++state.seq}`;
    const key = `${PREVIEW_CONTRIBUTOR_ID}/${questionId}/${uploadId}`;
    state.uploads.set(uploadId, { key, questionId, parts: new Map() });
    return json(200, { key, uploadId, partSize: PART_SIZE, maxParts: 10000, expiresInSeconds: 86400 });
  }
  if (method === 'POST' && path === '/contributor-upload/sign-part') {
    const upload = state.uploads.get(text(body.uploadId));
    if (!upload) return problem(404, 'Upload not found');
    return json(200, { url: `${PART_URL_PREFIX}${text(body.uploadId)}/${Number(body.partNumber)}`, expiresInSeconds: 3600 });
  }
  if (method === 'POST' && path === '/contributor-upload/parts') {
    const upload = state.uploads.get(text(body.uploadId));
    if (!upload) return problem(404, 'Upload not found');
    return json(200, { parts: [...upload.parts].map(([partNumber, blob]) => ({ partNumber, etag: `"${partNumber}"`, sizeBytes: blob.size })) });
  }
  if (method === 'POST' && path === '/contributor-upload/complete') {
    const upload = state.uploads.get(text(body.uploadId));
    if (!upload) return problem(404, 'Upload not found');
    const numbers = [...upload.parts.keys()].sort((a, b) => a - b);
    const first = [...upload.parts.values()][0];
    state.objects.set(upload.key, new Blob(numbers.map((n) => upload.parts.get(n)!), { type: first?.type || 'video/webm' }));
    state.uploads.delete(text(body.uploadId));
    return json(200, { key: upload.key, message: 'Upload completed' });
  }
  if (method === 'POST' && path === '/contributor-upload/abort') {
    state.uploads.delete(text(body.uploadId));
    return json(200, { message: 'Upload aborted' });
  }
  if (method === 'POST' && path === '/contributor/addVideo') {
    const key = text(body.s3VideoKey);
    const blob = state.objects.get(key);
    const questionId = text(body.campaignQuestionId);
    if (!blob) return problem(404, 'Video not found');
    const previous = state.takes.get(questionId);
    if (previous) URL.revokeObjectURL(previous.video.url);
    const video: VideoInfo = {
      key,
      url: URL.createObjectURL(blob),
      durationSeconds: Number(body.videoDuration) || 0,
      sizeBytes: blob.size,
      deviceType: text(body.deviceType) || null,
      uploadedAt: new Date().toISOString(),
      container: blob.type.includes('mp4') ? 'mp4' : 'webm',
    };
    state.takes.set(questionId, { video, blob });
    return json(200, { message: 'Video added successfully' });
  }
  if (method === 'POST' && path === '/contributor/campaign/videos') return json(200, { answers: answers(state) });
  if (method === 'PUT' && path.endsWith('/submit')) {
    const submittedAt = new Date().toISOString();
    state.journey = { ...state.journey, submitted: true, submittedAt };
    state.campaign = { ...state.campaign, submitted: true };
    return json(200, { message: 'Submitted successfully' });
  }
  if (method === 'GET' && path === '/openai/status') return realFetch(`${env.API_BASE_URL}${path}`, { headers: { Accept: 'application/json' } });
  if (method === 'POST' && path === '/openai/generate-script') return generateScript(state, body, realFetch);
  return problem(400, NOT_IN_PREVIEW);
}

/**
 * The AI wand in a preview: the staff call that writes a script (`/openai/generateParagraphs`, on the
 * staff member's AI budget), for this question, kept as the preview's own script of it.
 */
async function generateScript(state: PreviewState, body: Body, realFetch: typeof contributorFetch.fetch): Promise<Response> {
  if (body.fromFirstAnswer === true) return problem(400, 'A preview has no recorded answer to start from. Write a few notes instead.');
  const prompt = text(body.prompt).trim();
  if (!prompt) return problem(400, 'Please enter a prompt to generate the script.');
  const questionId = text(body.campaignQuestionId);
  const question = state.journey.questions.find((q) => q.campaignQuestionId === questionId);
  if (!question) return problem(404, 'Question not found');
  const token = readToken();
  if (!token) return problem(403, SIGNED_IN_AGAIN);
  const response = await realFetch(`${env.API_BASE_URL}/openai/generateParagraphs`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token.access_token}` },
    body: JSON.stringify({ campaignId: state.journey.campaignId, kind: 'script', prompt: `${question.question}\n\n${prompt}`, currentText: '' }),
    credentials: 'omit',
  });
  if (!response.ok) return response.status === 401 ? problem(403, SIGNED_IN_AGAIN) : response;
  const { videoScript, paragraphs } = (await response.json()) as { videoScript: string; paragraphs: string[] };
  const index = state.journey.questions.indexOf(question);
  state.journey.questions[index] = { ...question, contributorScript: videoScript };
  return json(200, { campaignQuestionId: questionId, videoScript, paragraphs });
}

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.startsWith(env.API_BASE_URL) ? url.slice(env.API_BASE_URL.length) : url;
}

/**
 * Puts the preview in place of the contributor API for this tab. Returns what undoes it (tests).
 * A part PUT (the upload queue's) is kept in memory and answered with an ETag, as the storage does.
 */
export function installPreview(session: PreviewSession): () => void {
  const realFetch = contributorFetch.fetch;
  if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(PREVIEW_TAKE_DB);
  let loaded: Promise<PreviewState | Response> | null = null;
  const state = async () => {
    loaded ??= loadPreview(session, realFetch);
    const result = await loaded;
    // A failed load is tried again on the next call (a connection back, a new sign-in).
    if (result instanceof Response) loaded = null;
    return result;
  };
  contributorFetch.fetch = async (input, init) => {
    const path = pathOf(input);
    const current = await state();
    if (current instanceof Response) return current.clone();
    const method = (init?.method ?? 'GET').toUpperCase();
    if (path.startsWith(PART_URL_PREFIX)) {
      const [uploadId = '', partNumber = ''] = path.slice(PART_URL_PREFIX.length).split('/');
      const upload = current.uploads.get(uploadId);
      if (!upload || method !== 'PUT' || !(init?.body instanceof Blob)) return new Response(null, { status: 404 });
      upload.parts.set(Number(partNumber), init.body);
      return new Response(null, { status: 200, headers: { ETag: `"${partNumber}"` } });
    }
    let body: Body = {};
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body) as Body;
      } catch {
        body = {};
      }
    }
    return route(current, method, path.split('?')[0] ?? path, body, realFetch);
  };
  return () => {
    contributorFetch.fetch = realFetch;
  };
}

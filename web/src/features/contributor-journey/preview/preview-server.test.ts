import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { makeContributorCampaign } from '../fixtures';
import * as api from '../api/contributor-api';
import { contributorFetch } from '../api/contributor-client';
import { readContributorData } from '../lib/storage';
import { useContributorStore } from '../store';
import type { Journey } from '../types';
import { putToPresignedUrl } from '../uploads/upload-manager';
import { installPreview } from './preview-server';
import { endPreview, previewOnOpen, PREVIEW_CONTRIBUTOR_ID } from './session';

const SESSION = { tenantId: 't1', campaignId: 'c1' };
const IDS = { tenantId: 't1', campaignId: 'c1', contributorId: PREVIEW_CONTRIBUTOR_ID };

const question = (id: string, sequence: number) => ({
  campaignQuestionId: id,
  question: `Question ${id}`,
  tips: null,
  sequence,
  script: `<p>Script of ${id}</p>`,
  contributorScript: null,
  videoConfig: { speed: 20, contrast: 50, fontSize: null },
  sentForReRecording: false,
  collaboratorReRecordingStatus: null,
  uploadStatus: 'none' as const,
  failureReason: null,
  video: null,
  toAsk: true,
  stored: false,
});

const journey: Journey = {
  tenantId: 't1',
  campaignId: 'c1',
  contributorId: PREVIEW_CONTRIBUTOR_ID,
  submitted: false,
  submittedAt: null,
  reRecording: false,
  questions: [question('q1', 1), question('q2', 2)],
};

/** Every request that reached the network (the real fetch under the preview). */
let network: { url: string; init?: RequestInit }[];
let uninstall: () => void;

beforeEach(() => {
  network = [];
  window.localStorage.setItem('token', JSON.stringify({ access_token: 'staff-token', token_type: 'Bearer', tenant_id: 't1' }));
  contributorFetch.fetch = async (input, init) => {
    network.push({ url: String(input), init });
    if (String(input) === `${env.API_BASE_URL}/contributor/c1/preview`) {
      return Response.json({ campaign: makeContributorCampaign(), journey: structuredClone(journey) });
    }
    return Response.json({ detail: 'unexpected' }, { status: 500 });
  };
  let objects = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview/${++objects}`);
  URL.revokeObjectURL = vi.fn();
  useContributorStore.getState().reset();
  window.history.replaceState(null, '', '/contributor/t1/c1?preview=1');
  const session = previewOnOpen();
  expect(session).toEqual(SESSION);
  uninstall = installPreview(session!);
});

afterEach(() => {
  uninstall();
  endPreview();
  window.localStorage.clear();
  contributorFetch.fetch = (input, init) => globalThis.fetch(input, init);
});

describe('preview as contributor', () => {
  it('stands in for an invitation kept in this tab only, never the device’s', () => {
    expect(readContributorData()).toEqual({ ...IDS, key: PREVIEW_CONTRIBUTOR_ID });
    expect(window.localStorage.getItem('contributorData')).toBeNull();
  });

  it('records, stores and plays back takes, and submits, with nothing sent but the one staff read', async () => {
    expect((await api.fetchQuestionsToAsk(IDS)).map((q) => q.campaignQuestionId)).toEqual(['q1', 'q2']);
    await api.saveContributorDetails(IDS, { firstName: 'Pat', lastName: 'Preview' });
    await api.saveJourney(IDS, { campaignQuestionId: 'q1', contributorScript: 'My words' });

    const ref = await api.startUpload(IDS, { campaignQuestionId: 'q1', contentType: 'video/webm' });
    const part = await api.signPart(IDS, ref, 1, 4);
    expect(await putToPresignedUrl(part.url, new Blob(['take'], { type: 'video/webm' }))).toBe('"1"');
    expect((await api.listParts(IDS, ref)).parts).toEqual([{ partNumber: 1, etag: '"1"', sizeBytes: 4 }]);
    await api.completeUpload(IDS, ref, [{ partNumber: 1, etag: '"1"' }]);
    await api.addVideo(IDS, { campaignQuestionId: 'q1', s3VideoKey: ref.key, deviceType: 'Mobile', videoDuration: 2.5 });

    const after = await api.fetchJourney(IDS);
    expect(after.questions[0]).toMatchObject({ stored: true, uploadStatus: 'stored', toAsk: false, contributorScript: 'My words' });
    expect(after.questions[0]?.video).toMatchObject({ url: 'blob:preview/1', durationSeconds: 2.5, sizeBytes: 4 });
    expect((await api.fetchQuestionsToAsk(IDS)).map((q) => q.campaignQuestionId)).toEqual(['q2']);
    const stored = await api.fetchStoredVideos(IDS);
    expect(stored.answers.map((a) => a.video?.url ?? null)).toEqual(['blob:preview/1', null]);

    await api.submitJourney(IDS);
    expect((await api.fetchJourney(IDS)).submitted).toBe(true);
    expect((await api.fetchContributorCampaign(IDS)).contributor).toMatchObject({ firstName: 'Pat', lastName: 'Preview', isDetailSubmitted: true });

    // One read through the staff session; no upload, no write.
    expect(network.map((r) => r.url)).toEqual([`${env.API_BASE_URL}/contributor/c1/preview`]);
    expect(new Headers(network[0]?.init?.headers).get('Authorization')).toBe('Bearer staff-token');
  });

  it('says to sign in again when the staff session has ended, and tries again afterwards', async () => {
    window.localStorage.removeItem('token');
    await expect(api.fetchJourney(IDS, { toast: false })).rejects.toMatchObject({ status: 403 });
    expect(useContributorStore.getState().denied).toBe(
      'Your staff session has ended. Sign in again, then open the preview from the campaign page.',
    );
    window.localStorage.setItem('token', JSON.stringify({ access_token: 'staff-token', token_type: 'Bearer', tenant_id: 't1' }));
    expect((await api.fetchJourney(IDS)).questions).toHaveLength(2);
  });

  it('refuses what a preview cannot do, in words', async () => {
    await expect(
      api.generateScript(IDS, { campaignQuestionId: 'q1', prompt: '', fromFirstAnswer: true }, { toast: false }),
    ).rejects.toMatchObject({ status: 400, message: 'A preview has no recorded answer to start from. Write a few notes instead.' });
  });
});

import { create } from 'zustand';
import { onServiceWorkerMessage, requestBackgroundSync } from '@/lib/service-worker';
import { RESUME_UPLOADS_MESSAGE, UPLOADS_SYNC_TAG } from '@/lib/service-worker/rules';
import { holdUpdates } from '@/lib/service-worker/update-gate';
import * as api from '../api/contributor-api';
import { isPreview, PREVIEW_TAKE_DB } from '../preview/session';
import { IdbTakeStore } from './take-db';
import { putToPresignedUrl, UploadManager, type QuestionUpload, type UploadApi } from './upload-manager';

type UploadsState = { byQuestion: Record<string, QuestionUpload> };

/** Per-question upload state for the journey and the studio. */
export const useUploadsStore = create<UploadsState>()(() => ({ byQuestion: {} }));

const quiet = { toast: false } as const;

export const realUploadApi: UploadApi = {
  startUpload: (ids, body) => api.startUpload(ids, body, quiet),
  signPart: (ids, ref, n, sizeBytes) => api.signPart(ids, ref, n, sizeBytes, quiet),
  listParts: (ids, ref) => api.listParts(ids, ref, quiet),
  completeUpload: (ids, ref, parts) => api.completeUpload(ids, ref, parts, quiet),
  abortUpload: (ids, ref) => api.abortUpload(ids, ref, quiet),
  addVideo: (ids, video) => api.addVideo(ids, video, quiet),
  // The server's state, never the copy the service worker keeps for offline reopening.
  fetchJourney: (ids) => api.fetchJourney(ids, { ...quiet, cache: 'no-store' }),
  putPart: putToPresignedUrl,
};

let manager: UploadManager | null = null;

/**
 * Keeps a new version of the app waiting while takes are held in this browser (recording, or not yet
 * stored by the server): a take's upload loop is never cut by an update. Returns what stops it.
 */
export function holdUpdatesWhileTakesPending(m: UploadManager, hold: () => () => void = holdUpdates): () => void {
  let release: (() => void) | null = null;
  const check = () => {
    const pending = m.pendingTakes().length > 0;
    if (pending && !release) release = hold();
    else if (!pending && release) {
      release();
      release = null;
    }
  };
  const off = m.subscribe(check);
  check();
  return () => {
    off();
    release?.();
    release = null;
  };
}

/**
 * When an upload loses the connection, asks for Background Sync (where the browser has it), so that the
 * service worker wakes the page when the connection is back, as the 'online' event does. Asked once
 * each time the connection is lost (again after the next 'online'). Returns what stops it.
 */
export function requestSyncWhenUploadsWait(
  m: UploadManager,
  request: (tag: string) => Promise<boolean> = requestBackgroundSync,
  events: EventTarget = window,
): () => void {
  let asked = false;
  const connectionBack = () => {
    asked = false;
  };
  events.addEventListener('online', connectionBack);
  const off = m.subscribe((s) => {
    if (s.phase !== 'retrying' || asked) return;
    asked = true;
    void request(UPLOADS_SYNC_TAG);
  });
  return () => {
    off();
    events.removeEventListener('online', connectionBack);
  };
}

/** The page's one upload queue, wired to the uploads store and to the browser's online event. */
export function getUploadManager(): UploadManager {
  if (manager) return manager;
  // A preview's takes in their own database: never resumed as a real collaborator's upload.
  const m = new UploadManager(new IdbTakeStore(isPreview() ? PREVIEW_TAKE_DB : undefined), realUploadApi);
  m.subscribe((s) =>
    useUploadsStore.setState((state) => {
      const byQuestion = { ...state.byQuestion };
      if (s.error === 'discarded') delete byQuestion[s.campaignQuestionId];
      else byQuestion[s.campaignQuestionId] = s;
      return { byQuestion };
    }),
  );
  // The connection is back: the browser says so, or the service worker's Background Sync does.
  window.addEventListener('online', () => m.retryNow());
  onServiceWorkerMessage(RESUME_UPLOADS_MESSAGE, () => m.retryNow());
  requestSyncWhenUploadsWait(m);
  holdUpdatesWhileTakesPending(m);
  // Exposed for the end-to-end tests (timings and diagnostics); holds no secret.
  (window as unknown as { __storyhiveUploads?: UploadManager }).__storyhiveUploads = m;
  manager = m;
  return m;
}

import { create } from 'zustand';
import * as api from '../api/contributor-api';
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
  fetchJourney: (ids) => api.fetchJourney(ids, quiet),
  putPart: putToPresignedUrl,
};

let manager: UploadManager | null = null;

/** The page's one upload queue, wired to the uploads store and to the browser's online event. */
export function getUploadManager(): UploadManager {
  if (manager) return manager;
  const m = new UploadManager(new IdbTakeStore(), realUploadApi);
  m.subscribe((s) =>
    useUploadsStore.setState((state) => {
      const byQuestion = { ...state.byQuestion };
      if (s.error === 'discarded') delete byQuestion[s.campaignQuestionId];
      else byQuestion[s.campaignQuestionId] = s;
      return { byQuestion };
    }),
  );
  window.addEventListener('online', () => m.retryNow());
  // Exposed for the end-to-end tests (timings and diagnostics); holds no secret.
  (window as unknown as { __storyhiveUploads?: UploadManager }).__storyhiveUploads = m;
  manager = m;
  return m;
}

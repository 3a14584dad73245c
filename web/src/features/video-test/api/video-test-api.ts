/**
 * The video test page's calls (contract): the clip-cut URLs (`POST /guideline/givemethegetandpost`, no
 * token) and the processing call with its `x-api-key` header. Typed here until they are in the generated
 * client; the client object is the app's token-less one.
 */
import type { Client } from 'openapi-fetch';
import { env } from '@/config/env';
import { call, publicApi } from '@/lib/api/client';

export type ClipCutUrls = {
  key: string;
  post: { url: string; fields: Record<string, string> };
  getUrl: string;
  expiresInSeconds: number;
};

export type ProcessJob = {
  jobId: string;
  status: 'processing' | 'ready' | 'failed';
  time_taken: number | null;
  originalDurationSeconds?: number | null;
  processedDurationSeconds?: number | null;
  url: string | null;
  failureReason: string | null;
};

type Json<T> = { content: { 'application/json': T } };
type ErrorBody = { detail: string; requestId?: string };
type Errors = { [status in 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503]?: Json<ErrorBody> };
type KeyHeader = { header?: { 'x-api-key'?: string } };

type VideoTestPaths = {
  '/guideline/givemethegetandpost': {
    post: {
      requestBody: Json<{ fileName: string; contentType: string; size: number }>;
      responses: { 200: Json<ClipCutUrls> } & Errors;
    };
  };
  '/videotest/process': {
    post: {
      parameters: KeyHeader;
      requestBody: Json<{ key: string; threshold: number }>;
      responses: { 202: Json<{ jobId: string; status: 'processing' }> } & Errors;
    };
  };
  '/videotest/process/{jobId}': {
    get: { parameters: KeyHeader & { path: { jobId: string } }; responses: { 200: Json<ProcessJob> } & Errors };
  };
};

const videoTestApi = publicApi as unknown as Client<VideoTestPaths>;
const keyHeader = () => ({ 'x-api-key': env.VIDEO_PROCESSING_API_KEY ?? '' });

export function requestClipCutUrls(file: File) {
  return call(
    videoTestApi.POST('/guideline/givemethegetandpost', {
      body: { fileName: file.name, contentType: file.type || 'video/mp4', size: file.size },
    }),
    { toast: false },
  );
}

export function startProcessing(key: string, threshold: number) {
  return call(videoTestApi.POST('/videotest/process', { params: { header: keyHeader() }, body: { key, threshold } }), { toast: false });
}

export function readJob(jobId: string, signal?: AbortSignal) {
  return call(videoTestApi.GET('/videotest/process/{jobId}', { params: { header: keyHeader(), path: { jobId } }, signal }), {
    toast: false,
  });
}

/**
 * The video test page's calls: the clip-cut URLs (`POST /guideline/givemethegetandpost`, no token) and
 * the processing call with its `x-api-key` header (the deployment's shared key, set at build time).
 */
import { env } from '@/config/env';
import { call, publicApi } from '@/lib/api/client';
import type { components } from '@/types/schema';

export type ClipCutUrls = components['schemas']['ClipCutUrls'];
export type ProcessJob = components['schemas']['ProcessJob'];

const keyHeader = () => ({ 'x-api-key': env.VIDEO_PROCESSING_API_KEY ?? '' });

export function requestClipCutUrls(file: File) {
  return call(
    publicApi.POST('/guideline/givemethegetandpost', {
      body: { fileName: file.name, contentType: file.type || 'video/mp4', size: file.size },
    }),
    { toast: false },
  );
}

export function startProcessing(key: string, threshold: number) {
  return call(publicApi.POST('/videotest/process', { headers: keyHeader(), body: { key, threshold } }), { toast: false });
}

export function readJob(jobId: string, signal?: AbortSignal) {
  return call(publicApi.GET('/videotest/process/{jobId}', { headers: keyHeader(), params: { path: { jobId } }, signal }), {
    toast: false,
  });
}

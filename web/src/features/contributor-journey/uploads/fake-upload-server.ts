import { ApiError } from '@/lib/api/errors';
import type { Journey, JourneyQuestion } from '../types';
import type { UploadApi } from './upload-manager';

/** For the upload queue's tests: an in-memory stand-in for the upload calls and storage. */

export const IDS = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1' };
export const PART = 10;

/** An in-memory S3 multipart upload and the journey the server reports. */
export class FakeServer {
  uploads = new Map<string, { key: string; parts: Map<number, { bytes: Uint8Array; etag: string }> }>();
  objects = new Map<string, Uint8Array>();
  stored = new Map<string, string>(); // question -> key
  calls: string[] = [];
  completes = 0;
  failPuts = 0;
  sizeMismatches = 0;
  /** Polls before the server reports a completed upload as stored. */
  probeDelay = 1;
  private pending = new Map<string, { key: string; polls: number }>();
  private seq = 0;

  api: UploadApi = {
    startUpload: async (_ids, body) => {
      this.calls.push('start');
      const uploadId = `u${++this.seq}`;
      const key = `t1/c1/p1/${this.seq}-${body.campaignQuestionId}`;
      this.uploads.set(uploadId, { key, parts: new Map() });
      return { key, uploadId, partSize: PART, maxParts: 10000, expiresInSeconds: 86400 };
    },
    signPart: async (_ids, ref, n, sizeBytes) => {
      this.calls.push(`sign:${n}:${sizeBytes}`);
      // The API's rule: 1..partSize bytes.
      if (!Number.isInteger(sizeBytes) || sizeBytes < 1 || sizeBytes > PART)
        throw new ApiError(400, 'Bad Request', { detail: 'bad size', requestId: 'r' }, 'bad size');
      return { url: `s3://${ref.uploadId}/${n}?size=${sizeBytes}` };
    },
    putPart: async (url, body) => {
      if (this.failPuts > 0) {
        this.failPuts -= 1;
        this.calls.push('put:failed');
        throw new TypeError('Failed to fetch');
      }
      const [, uploadId, n, signed] = /^s3:\/\/([^/]+)\/(\d+)\?size=(\d+)$/.exec(url)!;
      const upload = this.uploads.get(uploadId!);
      if (!upload) throw new Error('NoSuchUpload');
      const bytes = new Uint8Array(await body.arrayBuffer());
      // Like S3 with a URL signed for a Content-Length: any other length is refused.
      if (bytes.length !== Number(signed)) {
        this.sizeMismatches += 1;
        this.calls.push(`put:refused:${n}`);
        throw new Error(`Part upload failed (403): signed for ${signed} bytes, sent ${bytes.length}`);
      }
      const etag = `"e${n}-${bytes.length}"`;
      upload.parts.set(Number(n), { bytes, etag });
      this.calls.push(`put:${n}:${bytes.length}`);
      return etag;
    },
    listParts: async (_ids, ref) => {
      this.calls.push('parts');
      const upload = this.uploads.get(ref.uploadId);
      if (!upload) throw new ApiError(404, 'Not Found', { detail: 'gone' }, 'gone');
      return {
        parts: [...upload.parts.entries()].map(([partNumber, p]) => ({ partNumber, etag: p.etag, sizeBytes: p.bytes.length })),
      };
    },
    completeUpload: async (_ids, ref, parts) => {
      this.calls.push('complete');
      this.completes += 1;
      const upload = this.uploads.get(ref.uploadId);
      if (!upload) throw new ApiError(400, 'Bad Request', { detail: 'NoSuchUpload' }, 'NoSuchUpload');
      const chunks = parts.map((p, i) => {
        const part = upload.parts.get(p.partNumber);
        if (!part || part.etag !== p.etag || p.partNumber !== i + 1) throw new ApiError(400, 'Bad Request', {}, 'bad part');
        if (i < parts.length - 1 && part.bytes.length !== PART) throw new ApiError(400, 'Bad Request', {}, 'EntityTooSmall');
        return part.bytes;
      });
      const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let o = 0;
      for (const c of chunks) {
        all.set(c, o);
        o += c.length;
      }
      this.objects.set(upload.key, all);
      this.uploads.delete(ref.uploadId);
      const question = upload.key.split('-').pop()!;
      this.pending.set(question, { key: upload.key, polls: 0 });
      return { key: upload.key, message: 'Video uploaded successfully' };
    },
    abortUpload: async (_ids, ref) => {
      this.calls.push('abort');
      this.uploads.delete(ref.uploadId);
      return { message: 'aborted' };
    },
    addVideo: async () => {
      this.calls.push('addVideo');
      return { message: 'ok' };
    },
    fetchJourney: async () => {
      for (const [q, p] of this.pending) {
        p.polls += 1;
        if (p.polls > this.probeDelay) {
          this.stored.set(q, p.key);
          this.pending.delete(q);
        }
      }
      const question = (id: string): JourneyQuestion => ({
        campaignQuestionId: id,
        question: id,
        tips: null,
        sequence: 1,
        script: null,
        contributorScript: null,
        videoConfig: { speed: 20, contrast: 50, fontSize: null },
        sentForReRecording: false,
        collaboratorReRecordingStatus: null,
        uploadStatus: this.stored.has(id) ? 'stored' : this.pending.has(id) ? 'uploading' : 'none',
        failureReason: null,
        video: this.stored.has(id)
          ? { key: this.stored.get(id)!, url: 'x', durationSeconds: 1, sizeBytes: 1, width: null, height: null, container: 'webm', deviceType: 'Desktop', uploadedAt: '' }
          : null,
        toAsk: !this.stored.has(id),
        stored: this.stored.has(id),
      });
      const journey: Journey = { ...IDS, questions: ['q1', 'q2'].map(question), submitted: false, submittedAt: null, reRecording: false };
      return journey;
    },
  };
}

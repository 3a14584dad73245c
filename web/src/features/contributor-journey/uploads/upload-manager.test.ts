import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import type { Journey, JourneyQuestion } from '../types';
import { IdbTakeStore } from './take-db';
import { UploadManager, type QuestionUpload, type UploadApi } from './upload-manager';

const IDS = { tenantId: 't1', campaignId: 'c1', contributorId: 'p1' };
const PART = 10;

/** An in-memory S3 multipart upload and the journey the server reports. */
class FakeServer {
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

const signed = (calls: string[]) => calls.filter((c) => c.startsWith('sign:'));

const bytes = (from: number, n: number) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 256).buffer;
const expected = (n: number) => new Uint8Array(bytes(0, n));

let dbCount = 0;
let store: IdbTakeStore;
let server: FakeServer;
const manager = () => new UploadManager(store, server.api, { retryDelaysMs: [5, 5, 5], pollIntervalMs: 5 });

async function until(check: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Records `total` bytes in chunks of `chunk` bytes. */
async function record(m: UploadManager, takeId: string, total: number, chunk: number) {
  for (let o = 0; o < total; o += chunk) await m.append(takeId, bytes(o, Math.min(chunk, total - o)));
}

beforeEach(() => {
  store = new IdbTakeStore(`takes-test-${++dbCount}`);
  server = new FakeServer();
});

describe('upload queue', () => {
  it('uploads full parts while recording, the last part after stop, completes only after Next, then removes the take', async () => {
    const m = manager();
    const seen: QuestionUpload[] = [];
    m.subscribe((s) => seen.push(s));
    const id = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await record(m, id, 27, 4); // chunks of 4 bytes; parts of exactly 10
    await until(() => server.calls.includes('put:2:10'));
    // Still recording: only full parts went up.
    expect(server.calls.filter((c) => c.startsWith('put:'))).toEqual(['put:1:10', 'put:2:10']);

    await m.finish(id, 3);
    await until(() => server.calls.includes('put:3:7'));
    await new Promise((r) => setTimeout(r, 30));
    expect(server.completes).toBe(0); // waits for Next
    expect((await store.allTakes()).map((t) => t.id)).toEqual([id]);

    await m.accept(id);
    const done = await m.waitFor(id);
    expect(done.phase).toBe('stored');
    expect(done.progress).toBe(100);
    expect(server.completes).toBe(1);
    expect([...server.objects.values()][0]).toEqual(expected(27));
    // Every part is signed for its exact size: partSize, and the rest for the last.
    expect(signed(server.calls)).toEqual(['sign:1:10', 'sign:2:10', 'sign:3:7']);
    expect(server.sizeMismatches).toBe(0);
    expect(server.calls).toContain('addVideo');
    // Removed from the browser only once the server had it.
    expect(await store.allTakes()).toEqual([]);
    const progress = seen.filter((s) => s.phase !== 'stored').map((s) => s.progress);
    expect(Math.max(...progress)).toBeLessThanOrEqual(0.99);
  });

  it('a retake while its upload is starting: the discarded take is not kept, its upload is aborted', async () => {
    const m = manager();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const start = server.api.startUpload;
    server.api.startUpload = async (ids, body) => {
      await gate;
      return start(ids, body);
    };
    const first = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await record(m, first, 12, 12);
    await until(() => server.uploads.size === 0 && server.calls.length === 0);
    // Retake: the first take is discarded while its start call is on its way.
    await m.discard(first);
    release();
    await until(() => server.calls.includes('abort'));
    expect(server.uploads.size).toBe(0);
    expect(await store.allTakes()).toEqual([]);
  });

  it('a dropped connection retries: the take arrives once, complete', async () => {
    const m = manager();
    const id = await m.createTake(IDS, 'q1', 'video/mp4', 'Mobile');
    server.failPuts = 3;
    await record(m, id, 35, 5);
    await m.finish(id, 4);
    await m.accept(id);
    const done = await m.waitFor(id);
    expect(done.phase).toBe('stored');
    expect(server.calls.filter((c) => c === 'put:failed')).toHaveLength(3);
    // A retried part is signed again, for the same size.
    expect(new Set(signed(server.calls))).toEqual(new Set(['sign:1:10', 'sign:2:10', 'sign:3:10', 'sign:4:5']));
    expect(server.sizeMismatches).toBe(0);
    expect(server.completes).toBe(1);
    expect(server.objects.size).toBe(1);
    expect([...server.objects.values()][0]).toEqual(expected(35));
  });

  it('after a reload it resumes from the parts the server has, without sending them again', async () => {
    const first = manager();
    const id = await first.createTake(IDS, 'q2', 'video/webm', 'Desktop');
    await record(first, id, 24, 6);
    await until(() => server.calls.includes('put:2:10'));
    await first.finish(id, 2);
    // The page goes away before the last part and before Next was answered.
    server.failPuts = 1000;
    await first.accept(id);
    await until(() => server.calls.includes('put:failed'));
    first.dispose(); // the old page is gone
    await new Promise((r) => setTimeout(r, 30));
    server.failPuts = 0;
    server.calls = [];

    const second = manager();
    await second.resume(IDS);
    const done = await second.waitFor(id);
    expect(done.phase).toBe('stored');
    expect(server.calls[0]).toBe('parts');
    expect(server.calls.filter((c) => c.startsWith('put:'))).toEqual(['put:3:4']);
    expect(signed(server.calls)).toEqual(['sign:3:4']);
    expect(server.completes).toBe(1);
    expect([...server.objects.values()][0]).toEqual(expected(24));
    expect(await store.allTakes()).toEqual([]);
  });

  it('a resumed upload signs each remaining part for its size: full parts, then the shorter last one', async () => {
    const first = manager();
    const id = await first.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await record(first, id, 12, 12);
    await until(() => server.calls.includes('put:1:10'));
    // The connection goes before the rest is sent; the page goes away after Next.
    server.failPuts = 1000;
    await record(first, id, 33, 3);
    await first.finish(id, 5);
    await first.accept(id);
    await until(() => server.calls.includes('put:failed'));
    first.dispose();
    await new Promise((r) => setTimeout(r, 30));
    server.failPuts = 0;
    server.calls = [];

    const second = manager();
    await second.resume(IDS);
    expect((await second.waitFor(id)).phase).toBe('stored');
    expect(server.calls[0]).toBe('parts');
    // 12 + 33 = 45 bytes: parts 2..4 of 10 bytes and part 5 of 5; part 1 is not sent again.
    expect(signed(server.calls)).toEqual(['sign:2:10', 'sign:3:10', 'sign:4:10', 'sign:5:5']);
    expect(server.calls.filter((c) => c.startsWith('put:'))).toEqual(['put:2:10', 'put:3:10', 'put:4:10', 'put:5:5']);
    expect(server.sizeMismatches).toBe(0);
    const all = new Uint8Array(45);
    all.set(new Uint8Array(bytes(0, 12)), 0);
    for (let o = 0; o < 33; o += 3) all.set(new Uint8Array(bytes(o, 3)), 12 + o);
    expect([...server.objects.values()][0]).toEqual(all);
  });

  it('a take stopped but never answered is kept and sent after a reload; one cut mid-recording is dropped', async () => {
    const first = manager();
    const kept = await first.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await record(first, kept, 8, 8);
    await first.finish(kept, 1);
    const cut = await first.createTake(IDS, 'q2', 'video/webm', 'Desktop');
    await record(first, cut, 12, 12);
    await until(() => server.calls.includes('put:1:10'));
    first.dispose();

    const second = manager();
    await second.resume(IDS);
    expect((await second.waitFor(kept)).phase).toBe('stored');
    expect(server.stored.has('q2')).toBe(false);
    expect(server.calls).toContain('abort');
    expect(await store.allTakes()).toEqual([]);
  });

  it('Retake drops the take and aborts its upload', async () => {
    const m = manager();
    const id = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await record(m, id, 15, 5);
    await until(() => server.calls.includes('put:1:10'));
    await m.discard(id);
    expect(server.calls).toContain('abort');
    expect(await store.allTakes()).toEqual([]);
    expect(server.completes).toBe(0);
  });

  it('reads any byte range of a take across chunks', async () => {
    const m = manager();
    const id = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await record(m, id, 23, 7);
    const blob = await store.readRange(id, 5, 19);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array(bytes(5, 14)));
  });
});

import { ApiError } from '@/lib/api/errors';
import { contributorFetch } from '../api/contributor-client';
import type { ContributorData, Journey, StartUploadResponse, UploadedPart } from '../types';
import type { TakeRecord, TakeStore } from './take-db';
import { t } from '../i18n/i18n';

type Ids = Pick<ContributorData, 'tenantId' | 'campaignId' | 'contributorId'>;
type Ref = { key: string; uploadId: string };

/** The calls the queue makes (contract of issue 4); injected so tests can fake them. */
export type UploadApi = {
  startUpload(ids: Ids, body: { campaignQuestionId: string; contentType: string; deviceType?: string }): Promise<StartUploadResponse>;
  /**
   * Signs a part's PUT for exactly `sizeBytes` bytes (every part but the last is `partSize`): the URL is
   * signed with that Content-Length, so the storage refuses a body of any other length.
   */
  signPart(ids: Ids, ref: Ref, partNumber: number, sizeBytes: number): Promise<{ url: string }>;
  listParts(ids: Ids, ref: Ref): Promise<{ parts: (Omit<UploadedPart, 'sizeBytes'> & { sizeBytes?: number | null })[] }>;
  completeUpload(ids: Ids, ref: Ref, parts: { partNumber: number; etag: string }[]): Promise<unknown>;
  abortUpload(ids: Ids, ref: Ref): Promise<unknown>;
  addVideo(ids: Ids, video: { campaignQuestionId: string; s3VideoKey: string; deviceType: string; videoDuration: number }): Promise<unknown>;
  fetchJourney(ids: Ids): Promise<Journey>;
  /** PUTs a part's bytes to its presigned URL and returns the ETag. */
  putPart(url: string, body: Blob): Promise<string>;
};

/**
 * What the journey shows for a question's latest take:
 * - recording: chunks are being saved (and uploaded part by part);
 * - waiting: stopped, Retake or Next not chosen yet;
 * - uploading: progress 0 up to at most 0.99;
 * - retrying: the connection dropped; the take is safe on this device and will carry on;
 * - processing: uploaded, the server is checking the video;
 * - stored: the server has the video (progress 100);
 * - failed: the server could not use the video (re-record).
 */
export type UploadPhase = 'recording' | 'waiting' | 'uploading' | 'retrying' | 'processing' | 'stored' | 'failed';

export type QuestionUpload = {
  takeId: string;
  campaignQuestionId: string;
  phase: UploadPhase;
  /** 0..0.99 while uploading, 100 once stored (spec section 4). */
  progress: number;
  bytes: number;
  uploadedBytes: number;
  error?: string;
  /** Milliseconds since epoch when the server reported the video stored. */
  storedAt?: number;
};

export type UploadManagerOptions = {
  retryDelaysMs?: number[];
  pollIntervalMs?: number;
  newId?: () => string;
};

const DEFAULT_RETRY_DELAYS = [1000, 2000, 4000, 8000, 10000];

class Wakeable {
  private wake: (() => void) | null = null;
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
  poke(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}

type Runner = { running: boolean; again: boolean; cancelled: boolean; needsSync: boolean; wake: Wakeable; failures: number; polls: number };

const isClientError = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500;
const isDenied = (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 401);

/**
 * The upload queue: every take is written to the take store as chunks arrive and sent as an S3
 * multipart upload part by part (every part exactly `partSize` except the last, each PUT to a URL signed
 * for its exact size) while the contributor
 * is still recording. After Next it completes the upload and waits for the server to record the
 * video; the take leaves the browser only then. After a reload, a dropped connection or a closed tab
 * it resumes from the parts S3 already has.
 */
export class UploadManager {
  private readonly takes = new Map<string, TakeRecord>();
  private readonly runners = new Map<string, Runner>();
  private readonly status = new Map<string, QuestionUpload>();
  private readonly listeners = new Set<(s: QuestionUpload) => void>();
  private readonly retryDelays: number[];
  private readonly pollMs: number;
  private readonly newId: () => string;
  private writes: Promise<unknown> = Promise.resolve();
  private resumed: Promise<void> | null = null;

  constructor(
    private readonly store: TakeStore,
    private readonly api: UploadApi,
    options: UploadManagerOptions = {},
  ) {
    this.retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS;
    this.pollMs = options.pollIntervalMs ?? 1000;
    this.newId = options.newId ?? (() => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`));
  }

  subscribe(listener: (s: QuestionUpload) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The latest known state of each question's take. */
  snapshot(): QuestionUpload[] {
    return [...this.status.values()];
  }

  /** Takes still held in the browser (not yet stored by the server). */
  pendingTakes(): TakeRecord[] {
    return [...this.takes.values()];
  }

  /** Wakes every waiting upload (called when the browser comes back online). */
  retryNow(): void {
    for (const r of this.runners.values()) r.wake.poke();
  }

  /** Stops every upload loop (the takes stay in the store); for tests and page teardown. */
  dispose(): void {
    for (const r of this.runners.values()) {
      r.cancelled = true;
      r.wake.poke();
    }
    this.takes.clear();
    this.runners.clear();
  }

  /** Loads the takes a previous page left in the browser and carries on with them. */
  resume(ids: Ids): Promise<void> {
    this.resumed ??= (async () => {
      const stored = await this.store.allTakes();
      for (const take of stored) {
        if (take.tenantId !== ids.tenantId || take.campaignId !== ids.campaignId || take.contributorId !== ids.contributorId) continue;
        if (this.takes.has(take.id)) continue;
        if (take.state === 'recording') {
          // The page went away mid-recording: this take was never finished; record again.
          await this.dropTake(take);
          continue;
        }
        // A newer finished take of the same question wins over an older one.
        const rival = [...this.takes.values()].find((t) => t.campaignQuestionId === take.campaignQuestionId);
        if (rival) {
          const older = rival.createdAt < take.createdAt ? rival : take;
          await this.dropTake(older);
          this.takes.delete(older.id);
          this.runners.delete(older.id);
          if (older === take) continue;
        }
        // Stopped takes whose review dialog was never answered are kept: a take is never lost.
        if (take.state === 'recorded') take.state = 'accepted';
        this.takes.set(take.id, take);
        this.runnerOf(take.id).needsSync = take.uploadId !== null;
        this.emit(take);
        this.kick(take.id);
      }
    })();
    return this.resumed;
  }

  /** A new take for a question; returns its id. Chunks follow with `append`. */
  async createTake(ids: Ids, campaignQuestionId: string, contentType: string, deviceType: string): Promise<string> {
    const take: TakeRecord = {
      id: this.newId(),
      tenantId: ids.tenantId,
      campaignId: ids.campaignId,
      contributorId: ids.contributorId,
      campaignQuestionId,
      contentType,
      deviceType,
      createdAt: Date.now(),
      state: 'recording',
      bytes: 0,
      chunkCount: 0,
      durationSeconds: 0,
      key: null,
      uploadId: null,
      partSize: null,
      parts: [],
    };
    this.takes.set(take.id, take);
    await this.persist(take);
    this.emit(take);
    return take.id;
  }

  /** Saves a recorded chunk (in order) and uploads any part that is now full. */
  append(takeId: string, data: ArrayBuffer): Promise<void> {
    // Chunks are written one after another so offsets stay in order.
    const write = this.writes.then(async () => {
      const take = this.takes.get(takeId);
      if (!take || data.byteLength === 0) return;
      const offset = take.bytes;
      await this.store.addChunk({ takeId, seq: take.chunkCount, offset, size: data.byteLength, data });
      take.bytes += data.byteLength;
      take.chunkCount += 1;
      await this.persist(take);
      this.emit(take);
      this.kick(takeId);
    });
    this.writes = write.catch(() => undefined);
    return write;
  }

  /** Recording stopped: the last part can go; completion waits for Next. */
  async finish(takeId: string, durationSeconds: number): Promise<void> {
    await this.writes;
    const take = this.takes.get(takeId);
    if (!take) return;
    take.state = 'recorded';
    take.durationSeconds = durationSeconds;
    await this.persist(take);
    this.emit(take);
    this.kick(takeId);
  }

  /** Next: the take is the answer; upload the rest, complete, wait for the server. */
  async accept(takeId: string): Promise<void> {
    await this.writes;
    const take = this.takes.get(takeId);
    if (!take) return;
    // An older take of the same question still in the browser is replaced by this one.
    for (const other of [...this.takes.values()]) {
      if (other.id !== takeId && other.campaignQuestionId === take.campaignQuestionId && other.state !== 'completed') {
        await this.discard(other.id);
      }
    }
    take.state = 'accepted';
    await this.persist(take);
    this.emit(take);
    this.kick(takeId);
  }

  /** Retake (or leaving during a recording): the take is dropped and its upload aborted. */
  async discard(takeId: string): Promise<void> {
    await this.writes;
    const take = this.takes.get(takeId);
    if (!take) return;
    const runner = this.runners.get(takeId);
    if (runner) {
      runner.cancelled = true;
      runner.wake.poke();
    }
    this.takes.delete(takeId);
    this.runners.delete(takeId);
    await this.dropTake(take);
    const current = this.status.get(take.campaignQuestionId);
    if (current?.takeId === takeId) {
      this.status.delete(take.campaignQuestionId);
      // Listeners learn that the question has no take in the browser any more.
      for (const l of this.listeners) l({ ...current, phase: 'failed', progress: 0, error: 'discarded' });
    }
  }

  /** Resolves when the take is stored by the server (or failed); for tests and tools. */
  waitFor(takeId: string): Promise<QuestionUpload> {
    return new Promise((resolve) => {
      const check = (s: QuestionUpload) => {
        if (s.takeId === takeId && (s.phase === 'stored' || s.phase === 'failed')) {
          off();
          resolve(s);
        }
      };
      const off = this.subscribe(check);
      for (const s of this.status.values()) check(s);
    });
  }

  private async dropTake(take: TakeRecord): Promise<void> {
    if (take.key && take.uploadId && take.state !== 'completed') {
      this.api.abortUpload(this.idsOf(take), { key: take.key, uploadId: take.uploadId }).catch(() => undefined);
    }
    await this.store.deleteTake(take.id);
  }

  private idsOf(take: TakeRecord): Ids {
    return { tenantId: take.tenantId, campaignId: take.campaignId, contributorId: take.contributorId };
  }

  private persist(take: TakeRecord): Promise<void> {
    // A take discarded meanwhile is never written back (it would come back on the next visit).
    if (this.takes.get(take.id) !== take) return Promise.resolve();
    return this.store.putTake({ ...take, parts: take.parts.map((p) => ({ ...p })) });
  }

  private uploadedBytes(take: TakeRecord): number {
    return take.parts.reduce((sum, p) => sum + p.sizeBytes, 0);
  }

  private emit(take: TakeRecord, phase?: UploadPhase, extra: Partial<QuestionUpload> = {}): void {
    const uploaded = this.uploadedBytes(take);
    const derived: UploadPhase =
      phase ?? (take.state === 'recording' ? 'recording' : take.state === 'recorded' ? 'waiting' : take.state === 'completed' ? 'processing' : 'uploading');
    const progress = derived === 'stored' ? 100 : Math.min(0.99, take.bytes > 0 ? uploaded / take.bytes : 0);
    const s: QuestionUpload = {
      takeId: take.id,
      campaignQuestionId: take.campaignQuestionId,
      phase: derived,
      progress,
      bytes: take.bytes,
      uploadedBytes: uploaded,
      ...extra,
    };
    this.status.set(take.campaignQuestionId, s);
    for (const l of this.listeners) l(s);
  }

  private runnerOf(takeId: string): Runner {
    let r = this.runners.get(takeId);
    if (!r) {
      r = { running: false, again: false, cancelled: false, needsSync: false, wake: new Wakeable(), failures: 0, polls: 0 };
      this.runners.set(takeId, r);
    }
    return r;
  }

  private kick(takeId: string): void {
    const r = this.runnerOf(takeId);
    if (r.running) {
      r.again = true;
      r.wake.poke();
      return;
    }
    r.running = true;
    void this.run(takeId, r).finally(() => {
      r.running = false;
      if (r.again && !r.cancelled && this.takes.has(takeId)) {
        r.again = false;
        this.kick(takeId);
      }
    });
  }

  /** One take's upload loop; only one runs per take at a time. */
  private async run(takeId: string, r: Runner): Promise<void> {
    for (;;) {
      r.again = false;
      const take = this.takes.get(takeId);
      if (!take || r.cancelled) return;
      try {
        const more = await this.step(take, r);
        r.failures = 0;
        if (!more) return;
      } catch (error) {
        if (r.cancelled || !this.takes.has(takeId)) return;
        if (isDenied(error)) {
          // The link stopped working: the take stays in the browser; the page says why.
          this.emit(take, 'retrying', { error: error instanceof Error ? error.message : undefined });
          return;
        }
        this.emit(take, 'retrying');
        const delay = this.retryDelays[Math.min(r.failures, this.retryDelays.length - 1)] ?? 1000;
        r.failures += 1;
        await r.wake.sleep(delay);
      }
    }
  }

  /** Does the next piece of work; false when there is nothing to do until something changes. */
  private async step(take: TakeRecord, r: Runner): Promise<boolean> {
    const ids = this.idsOf(take);

    if (take.state === 'completed') return this.poll(take, r);

    if (take.uploadId && take.key && r.needsSync) {
      try {
        const { parts } = await this.api.listParts(ids, { key: take.key, uploadId: take.uploadId });
        const size = take.partSize ?? 0;
        take.parts = parts
          .map((p) => ({
            partNumber: p.partNumber,
            etag: p.etag,
            // The contract lists sizeBytes; the schema makes it optional: derive it from the part's place.
            sizeBytes: p.sizeBytes ?? Math.max(0, Math.min(size, take.bytes - (p.partNumber - 1) * size)),
          }))
          .sort((a, b) => a.partNumber - b.partNumber);
      } catch (error) {
        if (!isClientError(error) || isDenied(error)) throw error;
        // The upload is gone (expired or aborted): start again from the bytes in the browser.
        take.uploadId = null;
        take.key = null;
        take.parts = [];
      }
      r.needsSync = false;
      await this.persist(take);
      this.emit(take);
    }

    if (!take.uploadId || !take.key || !take.partSize) {
      if (take.bytes === 0) return false;
      const started = await this.api.startUpload(ids, {
        campaignQuestionId: take.campaignQuestionId,
        contentType: take.contentType,
        deviceType: take.deviceType,
      });
      if (r.cancelled || this.takes.get(take.id) !== take) {
        // Discarded (a retake) while the upload was starting: end that upload, keep nothing.
        this.api.abortUpload(ids, { key: started.key, uploadId: started.uploadId }).catch(() => undefined);
        return false;
      }
      take.key = started.key;
      take.uploadId = started.uploadId;
      take.partSize = started.partSize;
      take.parts = [];
      await this.persist(take);
      this.emit(take);
      return true;
    }

    const size = take.partSize;
    const final = take.state !== 'recording';
    const partCount = final ? Math.max(1, Math.ceil(take.bytes / size)) : Math.floor(take.bytes / size);
    const have = new Set(take.parts.map((p) => p.partNumber));
    let next = 0;
    for (let n = 1; n <= partCount; n += 1) {
      if (!have.has(n)) {
        next = n;
        break;
      }
    }
    if (next > 0) {
      const start = (next - 1) * size;
      const end = Math.min(next * size, take.bytes);
      const body = await this.store.readRange(take.id, start, end);
      // The URL is signed for exactly this many bytes; a body of another length would be refused.
      if (body.size !== end - start) throw new Error(`Part ${next} has ${body.size} of its ${end - start} bytes in this browser`);
      const ref = { key: take.key, uploadId: take.uploadId };
      const { url } = await this.api.signPart(ids, ref, next, end - start);
      if (r.cancelled) return false;
      const etag = await this.api.putPart(url, body);
      if (!this.takes.has(take.id)) return false;
      take.parts = [...take.parts.filter((p) => p.partNumber !== next), { partNumber: next, etag, sizeBytes: end - start }].sort(
        (a, b) => a.partNumber - b.partNumber,
      );
      await this.persist(take);
      this.emit(take);
      return true;
    }

    if (!final || take.state === 'recorded') return false;

    // accepted, every part uploaded: complete.
    const ref = { key: take.key, uploadId: take.uploadId };
    try {
      await this.api.completeUpload(
        ids,
        ref,
        take.parts.map((p) => ({ partNumber: p.partNumber, etag: p.etag })),
      );
    } catch (error) {
      if (!isClientError(error) || isDenied(error)) throw error;
      // Maybe an earlier complete went through and only its answer was lost.
      const question = (await this.api.fetchJourney(ids)).questions.find((q) => q.campaignQuestionId === take.campaignQuestionId);
      if (question?.video?.key !== take.key && question?.uploadStatus !== 'uploading') {
        // The upload cannot be completed (e.g. its parts were lost): send the take again.
        take.uploadId = null;
        take.key = null;
        take.parts = [];
        await this.persist(take);
        return true;
      }
    }
    take.state = 'completed';
    await this.persist(take);
    this.emit(take);
    this.api
      .addVideo(ids, {
        campaignQuestionId: take.campaignQuestionId,
        s3VideoKey: take.key,
        deviceType: take.deviceType,
        videoDuration: take.durationSeconds / 3600,
      })
      .catch(() => undefined);
    return true;
  }

  /** After complete: wait for the server to record the video, then remove the take from the browser. */
  private async poll(take: TakeRecord, r: Runner): Promise<boolean> {
    const journey = await this.api.fetchJourney(this.idsOf(take));
    const question = journey.questions.find((q) => q.campaignQuestionId === take.campaignQuestionId);
    const ours = question?.video?.key === take.key;
    if (question && ours && question.uploadStatus === 'stored') {
      await this.store.deleteTake(take.id);
      this.takes.delete(take.id);
      this.runners.delete(take.id);
      this.emit(take, 'stored', { progress: 100, storedAt: Date.now() });
      return false;
    }
    r.polls += 1;
    // A failure without a video is ours once the server had time to look at our upload (not an older take's).
    if (question && question.uploadStatus === 'failed' && (ours || (!question.video && r.polls > 3))) {
      await this.store.deleteTake(take.id);
      this.takes.delete(take.id);
      this.runners.delete(take.id);
      this.emit(take, 'failed', { error: question.failureReason ?? t('state.unprocessable') });
      return false;
    }
    await r.wake.sleep(this.pollMs);
    return true;
  }
}

/** PUT to a presigned S3 URL; the ETag is read from the response (the bucket's CORS exposes it). */
export async function putToPresignedUrl(url: string, body: Blob): Promise<string> {
  // Through the contributor calls' fetch: a preview keeps the parts in the tab instead.
  const response = await contributorFetch.fetch(url, { method: 'PUT', body });
  if (!response.ok) throw new Error(`Part upload failed (${response.status})`);
  const etag = response.headers.get('ETag');
  if (!etag) throw new Error('The storage did not return an ETag');
  return etag;
}

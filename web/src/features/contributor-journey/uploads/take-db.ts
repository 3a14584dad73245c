import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { UploadedPart } from '../types';

/**
 * A take and its bytes, kept in IndexedDB from the first recorded chunk until the server has stored
 * the video (it is removed only then).
 *
 * - recording: chunks still arriving;
 * - recorded: stopped, the contributor has not chosen Retake or Next yet;
 * - accepted: Next was chosen: upload the rest and complete;
 * - completed: the multipart upload is complete; waiting for the server to record the video.
 */
export type TakeState = 'recording' | 'recorded' | 'accepted' | 'completed';

export type TakeRecord = {
  id: string;
  tenantId: string;
  campaignId: string;
  contributorId: string;
  campaignQuestionId: string;
  contentType: string;
  deviceType: string;
  createdAt: number;
  state: TakeState;
  /** Bytes written so far. */
  bytes: number;
  chunkCount: number;
  durationSeconds: number;
  key: string | null;
  uploadId: string | null;
  partSize: number | null;
  /** Parts S3 has (confirmed by a PUT's ETag or by POST /contributor-upload/parts). */
  parts: UploadedPart[];
};

export type ChunkRecord = { takeId: string; seq: number; offset: number; size: number; data: ArrayBuffer };

interface TakeSchema extends DBSchema {
  takes: { key: string; value: TakeRecord };
  /** Keyed by [takeId, offset], so that a part's bytes are read without the rest of the take. */
  chunks: { key: [string, number]; value: ChunkRecord };
}

export const TAKE_DB_NAME = 'storyhive-takes';

/** The storage the upload queue needs; IndexedDB in the browser. */
export interface TakeStore {
  putTake(take: TakeRecord): Promise<void>;
  allTakes(): Promise<TakeRecord[]>;
  deleteTake(id: string): Promise<void>;
  addChunk(chunk: ChunkRecord): Promise<void>;
  /** The bytes [start, end) of a take. */
  readRange(takeId: string, start: number, end: number): Promise<Blob>;
}

export class IdbTakeStore implements TakeStore {
  private db: Promise<IDBPDatabase<TakeSchema>> | null = null;

  constructor(private readonly name = TAKE_DB_NAME) {}

  private open(): Promise<IDBPDatabase<TakeSchema>> {
    this.db ??= openDB<TakeSchema>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore('takes', { keyPath: 'id' });
        db.createObjectStore('chunks', { keyPath: ['takeId', 'offset'] });
      },
    });
    return this.db;
  }

  async putTake(take: TakeRecord): Promise<void> {
    await (await this.open()).put('takes', take);
  }

  async allTakes(): Promise<TakeRecord[]> {
    return (await this.open()).getAll('takes');
  }

  async deleteTake(id: string): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(['takes', 'chunks'], 'readwrite');
    await Promise.all([
      tx.objectStore('takes').delete(id),
      tx.objectStore('chunks').delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
      tx.done,
    ]);
  }

  async addChunk(chunk: ChunkRecord): Promise<void> {
    await (await this.open()).put('chunks', chunk);
  }

  async readRange(takeId: string, start: number, end: number): Promise<Blob> {
    const db = await this.open();
    const chunks: ChunkRecord[] = [];
    // The chunk holding `start` begins at or before it: the last key at or below [takeId, start].
    const before = await db
      .transaction('chunks')
      .store.openCursor(IDBKeyRange.bound([takeId, 0], [takeId, start]), 'prev');
    if (before && before.value.offset < start) chunks.push(before.value);
    if (end > start) chunks.push(...(await db.getAll('chunks', IDBKeyRange.bound([takeId, start], [takeId, end], false, true))));
    const pieces: ArrayBuffer[] = [];
    for (const c of chunks) {
      const cEnd = c.offset + c.size;
      if (cEnd <= start || c.offset >= end) continue;
      pieces.push(c.data.slice(Math.max(0, start - c.offset), Math.min(c.size, end - c.offset)));
    }
    return new Blob(pieces);
  }
}

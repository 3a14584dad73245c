import { beforeEach, describe, expect, it } from 'vitest';
import { withFakeIndexedDB } from '@/testing/fake-indexeddb';
import { FakeServer, IDS } from './fake-upload-server';
import { IdbTakeStore } from './take-db';
import { UploadManager, type QuestionUpload } from './upload-manager';

withFakeIndexedDB();

const signed = (calls: string[]) => calls.filter((c) => c.startsWith('sign:'));

const bytes = (from: number, n: number) => Uint8Array.from({ length: n }, (_, i) => (from + i) % 256).buffer;
const expected = (n: number) => new Uint8Array(bytes(0, n));

let dbCount = 0;
let store: IdbTakeStore;
let server: FakeServer;
const manager = () => new UploadManager(store, server.api, { retryDelaysMs: [5, 5, 5], pollIntervalMs: 5 });

async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
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

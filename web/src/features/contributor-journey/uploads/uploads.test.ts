import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOADS_SYNC_TAG } from '@/lib/service-worker/rules';
import { holdUpdates, offerUpdate, resetUpdateGate } from '@/lib/service-worker/update-gate';
import { withFakeIndexedDB } from '@/testing/fake-indexeddb';
import { FakeServer, IDS } from './fake-upload-server';
import { IdbTakeStore } from './take-db';
import { UploadManager, type UploadApi } from './upload-manager';
import { holdUpdatesWhileTakesPending, requestSyncWhenUploadsWait } from './uploads';

withFakeIndexedDB();

let dbCount = 0;
let server: FakeServer;
let online: boolean;

/** The fake server behind a connection that can drop: every call fails while offline. */
function connection(api: UploadApi): UploadApi {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(api) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    wrapped[name] = (...args: unknown[]) => (online ? call(...args) : Promise.reject(new TypeError('Failed to fetch')));
  }
  return wrapped as UploadApi;
}

const newStore = () => new IdbTakeStore(`uploads-test-${++dbCount}`);
const newManager = (store = newStore()) => new UploadManager(store, connection(server.api), { retryDelaysMs: [5], pollIntervalMs: 5 });

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeEach(() => {
  resetUpdateGate();
  server = new FakeServer();
  online = true;
});

describe('a new version waits for the takes in the browser', () => {
  it('offered while a take is recorded and uploaded, it is activated once the server has stored the take', async () => {
    const m = newManager();
    holdUpdatesWhileTakesPending(m);
    const activate = vi.fn();
    const id = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    offerUpdate(activate);
    await m.append(id, new Uint8Array(25).buffer);
    await m.finish(id, 2);
    await m.accept(id);
    await until(() => server.completes === 1);
    // Uploaded, not yet stored by the server: the take is still this browser's to keep.
    expect(activate).not.toHaveBeenCalled();
    expect((await m.waitFor(id)).phase).toBe('stored');
    expect(activate).toHaveBeenCalledOnce();
  });

  it('takes a previous visit left in the browser hold it too, until they are stored', async () => {
    const store = newStore();
    const first = newManager(store);
    online = false;
    const id = await first.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await first.append(id, new Uint8Array(12).buffer);
    await first.finish(id, 1);
    await first.accept(id);
    first.dispose();

    // The next visit, still offline, with the same IndexedDB.
    const next = newManager(store);
    holdUpdatesWhileTakesPending(next);
    await next.resume(IDS);
    const activate = vi.fn();
    offerUpdate(activate);
    await new Promise((r) => setTimeout(r, 30));
    expect(activate).not.toHaveBeenCalled();
    online = true;
    next.retryNow();
    expect((await next.waitFor(id)).phase).toBe('stored');
    expect(activate).toHaveBeenCalledOnce();
    expect(server.completes).toBe(1);
  });

  it('a discarded take (Retake) no longer holds it', async () => {
    const m = newManager();
    holdUpdatesWhileTakesPending(m);
    const activate = vi.fn();
    const id = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    offerUpdate(activate);
    expect(activate).not.toHaveBeenCalled();
    await m.discard(id);
    expect(activate).toHaveBeenCalledOnce();
  });

  it('nothing in the browser: a new version is activated at once', () => {
    holdUpdatesWhileTakesPending(newManager());
    const activate = vi.fn();
    offerUpdate(activate);
    expect(activate).toHaveBeenCalledOnce();
    // And a recording alone still holds the next one.
    const release = holdUpdates();
    const next = vi.fn();
    offerUpdate(next);
    expect(next).not.toHaveBeenCalled();
    release();
    expect(next).toHaveBeenCalledOnce();
  });
});

describe('Background Sync for takes waiting for the connection', () => {
  it('is asked once per lost connection, and the take is stored once when it is back', async () => {
    const m = newManager();
    const events = new EventTarget();
    const request = vi.fn(() => Promise.resolve(true));
    requestSyncWhenUploadsWait(m, request, events);
    online = false;
    const id = await m.createTake(IDS, 'q1', 'video/webm', 'Desktop');
    await m.append(id, new Uint8Array(12).buffer);
    await m.finish(id, 1);
    await m.accept(id);
    await until(() => m.snapshot().some((s) => s.phase === 'retrying'));
    // Retried again and again while offline: asked once.
    await new Promise((r) => setTimeout(r, 50));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(UPLOADS_SYNC_TAG);

    // Back for a moment, then lost again before the upload could start: asked again.
    events.dispatchEvent(new Event('online'));
    m.retryNow();
    await until(() => request.mock.calls.length === 2);

    online = true;
    m.retryNow();
    expect((await m.waitFor(id)).phase).toBe('stored');
    expect(server.calls.filter((c) => c === 'start')).toHaveLength(1);
    expect(server.completes).toBe(1);
    expect(request).toHaveBeenCalledTimes(2);
  });
});

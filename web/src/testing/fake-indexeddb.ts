import * as fakeIndexedDB from 'fake-indexeddb';
import { beforeAll, vi } from 'vitest';

/**
 * Gives this test file's page an IndexedDB (jsdom has none): an empty one of its own, as
 * `fake-indexeddb/auto` would in a fresh page. Stubbed, not assigned, so that the page of the next
 * test file has none again (src/testing/setup.ts unstubs the globals after each file; the files
 * share one jsdom window, see vite.config.ts).
 */
export function withFakeIndexedDB(): void {
  beforeAll(() => {
    // Its classes under their browser names (IDBFactory, IDBKeyRange, ...), and a fresh factory.
    for (const [name, value] of Object.entries(fakeIndexedDB)) {
      if (name.startsWith('IDB')) vi.stubGlobal(name, value);
    }
    vi.stubGlobal('indexedDB', new fakeIndexedDB.IDBFactory());
  });
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './vite.preact';

// The local gateway (infra/gateway) serves the API under /api on port 3100.
const apiTarget = process.env.STORYHIVE_API_PROXY ?? 'http://localhost:3100';

/**
 * The contributor entry's files from its own build (vite.contributor.config.ts, run first by
 * `npm run build`), for boot.ts; null on the dev server and in tests (boot.ts imports the source).
 */
function contributorEntry(command: string, isTest: boolean): { js: string; css: string[] } | null {
  if (command !== 'build' || isTest) return null;
  const file = fileURLToPath(new URL('./dist/contributor-manifest.json', import.meta.url));
  if (!existsSync(file)) throw new Error('Build the contributor entry first: npm run build (vite.contributor.config.ts).');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`No entry in ${file}`);
  return { js: `/${entry.file}`, css: (entry.css ?? []).map((css) => `/${css}`) };
}

type Chunk = { file: string; css?: string[]; assets?: string[] };
type PrecacheEntry = { url: string; revision: string | null; size: number };

/**
 * The files the service worker precaches, out of everything both builds wrote to `dist` (the
 * contributor build first, then this one): the app shell (index.html and the files it loads: the boot
 * script and what it imports) and every file of the contributor build (its manifest lists them, the
 * script page's chunk too). The staff app's chunks are left to the network and the HTTP cache: every
 * contributor's phone would otherwise download the whole staff app once.
 */
function shellAndContributorFiles(distDir: string) {
  return async (entries: PrecacheEntry[]) => {
    const wanted = new Set(['index.html']);
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    for (const [, file] of html.matchAll(/\b(?:src|href)="\/([^"?#]+)"/g)) wanted.add(file!);
    const chunks = JSON.parse(readFileSync(join(distDir, 'contributor-manifest.json'), 'utf8')) as Record<string, Chunk>;
    for (const chunk of Object.values(chunks)) {
      for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) wanted.add(file);
    }
    const manifest = entries.filter((entry) => wanted.has(entry.url));
    const found = new Set(manifest.map((entry) => entry.url));
    const missing = [...wanted].filter((file) => !found.has(file));
    // A file the shell or the contributor build needs but the glob did not find would break offline use.
    if (missing.length) throw new Error(`Not precached (not found in ${distDir}): ${missing.join(', ')}`);
    return { manifest, warnings: [] };
  };
}

const dist = fileURLToPath(new URL('./dist', import.meta.url));

/** The service worker (src/sw.ts), built with Workbox by vite-plugin-pwa; see web/README.md "Offline". */
const serviceWorker: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // Registered by the app itself (src/lib/service-worker), after load, in production builds only.
  injectRegister: false,
  // A new version waits for the page's word (src/lib/service-worker/update-gate.ts).
  registerType: 'prompt',
  // No install prompt: the worker is for offline use and resumable uploads, not an installable app.
  manifest: false,
  injectManifest: {
    rollupFormat: 'iife',
    globDirectory: dist,
    globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2}'],
    manifestTransforms: [shellAndContributorFiles(dist)],
  },
  devOptions: { enabled: false },
};

export default defineConfig(({ command, mode }) => {
  const production = command === 'build' && mode !== 'test' && !process.env.VITEST;
  return {
    define: { __CONTRIBUTOR_ENTRY__: JSON.stringify(contributorEntry(command, mode === 'test' || !!process.env.VITEST)) },
    plugins: [react(), tailwindcss(), production ? VitePWA(serviceWorker) : null],
    resolve: {
      // The build runs the staff app on Preact, as the contributor build does (vite.preact.ts); the
      // dev server and Vitest on React.
      alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...(production ? PREACT_ALIASES : [])],
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: apiTarget, changeOrigin: true } },
    },
    build: {
      outDir: 'dist',
      // The contributor build wrote its entry here first.
      emptyOutDir: false,
      sourcemap: true,
    },
    test: {
      environment: 'jsdom',
      globals: false,
      setupFiles: ['./src/testing/setup.ts', './src/features/contributor-journey/i18n/test-setup.ts'],
      // eslint.config.test.ts: the import boundaries of eslint.config.js bite.
      include: ['src/**/*.test.{ts,tsx}', 'eslint.config.test.ts'],
      css: false,
      env: { VITE_API_BASE_URL: 'http://localhost/api' },
      // One worker runs every file in one jsdom: setting up a fresh process and jsdom for each of
      // the 89 files took most of the run (docs/BENCHMARKS.md, "The test command"). The files
      // stay independent: src/testing/setup.ts puts back, after each file, what it may have changed.
      isolate: false,
      // On a loaded machine (CI's 2 cores, or beside a Rust build) a test's 5 s default times out
      // on CPU it waits for, not on what it checks.
      testTimeout: 20_000,
    },
  };
});

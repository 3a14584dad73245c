import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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

export default defineConfig(({ command, mode }) => ({
  define: { __CONTRIBUTOR_ENTRY__: JSON.stringify(contributorEntry(command, mode === 'test' || !!process.env.VITEST)) },
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    env: { VITE_API_BASE_URL: 'http://localhost/api' },
  },
}));

import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The contributor pages' build (run before the staff build, see package.json): their own entry
 * (src/contributor-main.tsx) with Preact standing in for React, because react-dom alone is about as
 * large as the contributor budget (60 KB gzip of JavaScript before the camera opens, e2e-tested in
 * contributor-journey.spec.ts). The staff build's boot.ts loads it by the manifest written here.
 */
const src = fileURLToPath(new URL('./src', import.meta.url));

export const CONTRIBUTOR_MANIFEST = 'contributor-manifest.json';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: CONTRIBUTOR_MANIFEST,
    rollupOptions: {
      input: { contributor: fileURLToPath(new URL('./src/contributor-main.tsx', import.meta.url)) },
    },
  },
});

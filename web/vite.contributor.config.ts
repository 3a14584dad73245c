import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PREACT_ALIASES } from './vite.preact';

/**
 * The contributor pages' build (run before the staff build, see package.json): their own entry
 * (src/contributor-main.tsx) with Preact standing in for React, because react-dom alone is about as
 * large as the contributor budget (60 KB gzip of JavaScript before the camera opens, e2e-tested in
 * contributor-journey.spec.ts). The staff build's boot.ts loads it by the manifest written here.
 */
const src = fileURLToPath(new URL('./src', import.meta.url));

export const CONTRIBUTOR_MANIFEST = 'contributor-manifest.json';

/**
 * The collaborator pages' message catalogs (src/features/contributor-journey/i18n/catalogs/*.json,
 * ICU MessageFormat) compiled as they are bundled: Lingui's production runtime then needs no message
 * parser (about 7 KB gzip saved). Still JSON, so Vite's own JSON handling does the rest.
 */
function compiledCatalogs(): Plugin {
  const catalog = /[\\/]i18n[\\/]catalogs[\\/][a-z]{2}\.json$/;
  return {
    name: 'storyhive-compiled-catalogs',
    enforce: 'pre',
    load(id) {
      if (!catalog.test(id)) return null;
      const messages = JSON.parse(readFileSync(id, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
      return JSON.stringify(compiled);
    },
  };
}

export default defineConfig({
  plugins: [compiledCatalogs(), react(), tailwindcss()],
  resolve: {
    alias: [{ find: '@', replacement: src }, ...PREACT_ALIASES],
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

import type { Alias } from 'vite';

/**
 * Preact standing in for React in the production builds of both entries (the staff app,
 * vite.config.ts, and the contributor pages, vite.contributor.config.ts): react-dom alone is about
 * 60 KB gzip, Preact with its compatibility layer about 10. The dev server and Vitest run React.
 * See docs/DECISIONS.md, "Preact in both builds".
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

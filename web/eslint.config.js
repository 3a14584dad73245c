// The web app's import boundaries (web/README.md "Structure"; docs/DECISIONS.md "Web: import boundaries").
// Small on purpose: the point is the direction of imports, not style (TypeScript checks the rest).
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** Shared code, lowest first: each layer imports only itself and the layers before it. */
const SHARED_LAYERS = ['assets', 'types', 'config', 'utils', 'stores', 'lib', 'components'];

// Each element is a folder matched from the project root (partialMatch: false); the first match wins.
const elements = [
  ...SHARED_LAYERS.map((type) => ({ type, pattern: `src/${type}` })),
  // Test setup and fixtures, for tests only.
  { type: 'testing', pattern: 'src/testing' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  // The contributor pages' app, bundled on its own (vite.contributor.config.ts), before `app`.
  { type: 'contributor-app', pattern: 'src/app/contributor' },
  { type: 'app', pattern: 'src/app' },
].map((element) => ({ ...element, partialMatch: false }));

// Files by what they are, across elements. The entries (boot.ts, main.tsx, contributor-main.tsx) and the
// service worker sit at the top of src/, outside every element; contributor-main.tsx is both entries.
const files = [
  { category: 'test', pattern: 'src/**/*.test.{ts,tsx}' },
  { category: 'entry', pattern: 'src/*.{ts,tsx}' },
  { category: 'contributor-entry', pattern: 'src/contributor-main.tsx' },
];

const to = (...types) => ({ element: { types: { anyOf: types } } });
const feature = (name) => ({ element: { type: 'feature', captured: { feature: name } } });

// The last policy that matches a dependency decides it; nothing is allowed unless a policy says so.
const policies = [
  ...SHARED_LAYERS.map((layer, i) => ({
    from: { element: { type: layer } },
    allow: { to: to(...SHARED_LAYERS.slice(0, i + 1)) },
  })),
  { from: { element: { type: 'testing' } }, allow: { to: to(...SHARED_LAYERS, 'testing') } },
  // A feature imports shared code and itself, never another feature.
  {
    from: { element: { type: 'feature' } },
    allow: { to: [to(...SHARED_LAYERS), feature('{{ from.element.captured.feature }}')] },
  },
  // The contributor bundle: shared code and the contributor journey, nothing of the staff app.
  {
    from: { element: { type: 'contributor-app' } },
    allow: { to: [to(...SHARED_LAYERS, 'contributor-app'), feature('contributor-journey')] },
  },
  { from: { element: { type: 'app' } }, allow: { to: [to(...SHARED_LAYERS, 'app', 'contributor-app'), feature('*')] } },
  {
    from: { file: { categories: 'entry' } },
    allow: { to: [to(...SHARED_LAYERS, 'app', 'contributor-app'), feature('*'), { file: { categories: 'entry' } }] },
  },
  {
    from: { file: { categories: 'contributor-entry' } },
    disallow: { to: [to('app'), feature('!contributor-journey')] },
  },
  // Nor the staff session and its API client: contributors hold a link's token, not a session, and
  // their bundle stays small (contributor-journey.spec.ts holds it to its budget).
  {
    from: [feature('contributor-journey'), { element: { type: 'contributor-app' } }, { file: { categories: 'contributor-entry' } }],
    disallow: {
      to: [
        { element: { type: 'lib', fileInternalPath: ['api/client.ts', 'auth.ts', 'session.ts', 'query-client.ts'] } },
        { element: { type: 'stores', fileInternalPath: 'session-store.ts' } },
      ],
    },
  },
  // A test may also render the app around its screen (the router, the contributor app) and use the
  // test fixtures; it still never imports another feature.
  {
    from: { file: { categories: 'test' } },
    allow: { to: to('testing', 'app', 'contributor-app') },
  },
];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { ecmaVersion: 'latest', sourceType: 'module', ecmaFeatures: { jsx: true } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { boundaries, 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'boundaries/root-path': root,
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': elements,
      'boundaries/files': files,
      // Dynamic imports (lazy routes) and re-exports cross boundaries too.
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'import/resolver': { typescript: { project: `${root}/tsconfig.json` } },
      // import-x reads the imported files themselves (no-cycle): TypeScript's parser for them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies }],
      // Every file belongs to an element: a new top-level folder is placed in the layers on purpose.
      'boundaries/no-unknown-files': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The two classic hook rules; the React Compiler rules of the plugin's `recommended` set are left
      // out (docs/DECISIONS.md says why).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);

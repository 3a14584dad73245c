// Generates src/types/schema.d.ts from the API's OpenAPI document.
// Uses ../openapi.json (written by the Rust API) when it exists, else the hand-written draft.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const real = resolve(root, '../openapi.json');
const draft = resolve(root, 'openapi.draft.json');
const input = existsSync(real) ? real : draft;
if (!existsSync(input)) {
  console.error('No OpenAPI document found (looked for ../openapi.json and openapi.draft.json).');
  process.exit(1);
}
const bin = resolve(root, 'node_modules/.bin/openapi-typescript');
console.log(`gen:api: ${input}`);
execFileSync(bin, [input, '-o', resolve(root, 'src/types/schema.d.ts')], { stdio: 'inherit' });

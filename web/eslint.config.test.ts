import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js bite: snippets placed (not written) at paths of the app are
 * linted with the project's own config, as `npm run lint` lints the files there.
 */
const webRoot = dirname(fileURLToPath(import.meta.url));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: webRoot });
});

/** The rule ids and messages ESLint reports for `code` as if it were the file at `path` (under web/). */
async function lint(path: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: join(webRoot, path) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

const BOUNDARY = 'boundaries/dependencies';

describe('web import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const problems = await lint(
      'src/features/campaigns/components/Fixture.tsx',
      "import type { StaffUser } from '@/features/users/api/users-api';\nexport type Owner = StaffUser;\n",
    );
    expect(problems).toEqual([
      expect.objectContaining({ rule: BOUNDARY, message: expect.stringContaining('feature="campaigns"') }),
    ]);
    expect(problems[0]!.message).toMatch(/to elements of type "feature".*feature="users"/);
  });

  it('lets a feature import itself and shared code', async () => {
    const problems = await lint(
      'src/features/campaigns/components/Fixture.tsx',
      [
        "import { useAiStatus } from '../api/ai-api';",
        "import { Button } from '@/components/ui/Button';",
        "import { toast } from '@/stores/toast-store';",
        'export { useAiStatus, Button, toast };',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('refuses shared code importing a feature or the app', async () => {
    const feature = await lint('src/lib/fixture.ts', "export { useContributorStore } from '@/features/contributor-journey/store';\n");
    expect(feature).toEqual([expect.objectContaining({ rule: BOUNDARY, message: expect.stringContaining('type "lib"') })]);
    const app = await lint('src/components/Fixture.tsx', "export { routes } from '@/app/router';\n");
    expect(app).toEqual([expect.objectContaining({ rule: BOUNDARY, message: expect.stringContaining('type "app"') })]);
  });

  it('keeps the stores below lib', async () => {
    const problems = await lint('src/stores/fixture.ts', "export { readToken } from '@/lib/storage';\n");
    expect(problems).toEqual([
      expect.objectContaining({ rule: BOUNDARY, message: expect.stringMatching(/type "stores" to elements of type "lib"/) }),
    ]);
  });

  it('keeps the staff app out of the contributor bundle', async () => {
    const staffFeature = await lint('src/app/contributor/Fixture.tsx', "export { useAiStatus } from '@/features/campaigns/api/ai-api';\n");
    expect(staffFeature).toEqual([expect.objectContaining({ rule: BOUNDARY })]);
    const staffRouter = await lint('src/contributor-main.tsx', "import { createAppRouter } from '@/app/router';\ncreateAppRouter();\n");
    expect(staffRouter).toEqual([expect.objectContaining({ rule: BOUNDARY })]);
    const staffClient = await lint('src/features/contributor-journey/api/fixture.ts', "export { api } from '@/lib/api/client';\n");
    expect(staffClient).toEqual([expect.objectContaining({ rule: BOUNDARY, message: expect.stringContaining('"api/client.ts"') })]);
    const journey = await lint('src/app/contributor/Fixture.tsx', "export { useContributorStore } from '@/features/contributor-journey/store';\n");
    expect(journey).toEqual([]);
  });

  it('refuses a file outside the layers', async () => {
    const problems = await lint('src/hooks/use-fixture.ts', 'export const useFixture = () => 1;\n');
    expect(problems).toEqual([expect.objectContaining({ rule: 'boundaries/no-unknown-files' })]);
  });

  it('refuses an import cycle', async () => {
    // lib/session.ts imports lib/query-client.ts: importing it back closes a cycle.
    const problems = await lint('src/lib/query-client.ts', "import { clearSession } from './session';\nexport const queryClient = clearSession;\n");
    expect(problems).toEqual([expect.objectContaining({ rule: 'import-x/no-cycle' })]);
  });
});

// Prints one line per failed Playwright test from its JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME):
// "e2e: <file> › <title>: <first line of the error>". test.sh repeats these lines in its summary,
// which CI shows last.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const strip = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

function* specs(suite, titles = []) {
  const here = suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) yield { spec, file: spec.file ?? suite.file, titles: here };
  for (const child of suite.suites ?? []) yield* specs(child, here);
}

for (const suite of report.suites ?? []) {
  for (const { spec, file, titles } of specs(suite)) {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
      const error = test.results?.flatMap((r) => r.errors ?? [])[0];
      const first = error ? strip(error.message ?? '').split('\n').find((l) => l.trim()) : '';
      const flaky = test.status === 'flaky' ? ' (flaky: passed on retry)' : '';
      console.log(`e2e: ${file} › ${[...titles, spec.title].join(' › ')}${flaky}: ${first?.trim() ?? ''}`);
    }
  }
}

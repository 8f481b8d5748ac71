// Prints the one plain line CI reads, `tests: N passed, N failed`, from vitest's JSON
// report, and exits non-zero when a test failed or no test ran. Plain JavaScript so
// that any Node runs it. Each failed test (and each file that failed before any test
// ran) is listed above that line with the start of its message, since CI logs often
// keep only their tail.
import { readFileSync } from 'node:fs';

const path = process.argv[2] ?? '.vitest-report.json';
let report;
try {
  report = JSON.parse(readFileSync(path, 'utf8'));
} catch (error) {
  console.log(`No vitest report at ${path}: ${error.message}`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

const firstLines = (text, count = 6) =>
  String(text ?? '')
    .split('\n')
    .slice(0, count)
    .map((line) => `    ${line}`)
    .join('\n');

// vitest counts a failing test's describe blocks and file as failed suites too, so
// failures are counted from the tests, plus files that failed with no failed test
// (an import error, a failing beforeAll).
let failed = 0;
const listed = [];
for (const file of report.testResults ?? []) {
  const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
  failed += failedTests.length;
  for (const test of failedTests) {
    listed.push(`FAIL ${file.name} > ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`);
  }
  if (file.status === 'failed' && failedTests.length === 0) {
    failed += 1;
    listed.push(`FAIL ${file.name} (file)\n${firstLines(file.message)}`);
  }
}
const passed = report.numPassedTests ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
if (listed.length > 0) console.log(listed.join('\n'));
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 || report.success === false ? 1 : 0);

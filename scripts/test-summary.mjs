// Prints the one plain line CI reads, `tests: N passed, N failed`, from vitest's JSON
// report, and exits non-zero when a test failed or no test ran. Plain JavaScript so
// that any Node runs it.
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
const passed = report.numPassedTests ?? 0;
const failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 || report.success === false ? 1 : 0);

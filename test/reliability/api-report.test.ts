// The API report (scripts/api-report.ts) is what CI compares each package's built surface
// with. These tests check that it reads a declaration file as a user would see it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderReport, reportEntries } from '../../scripts/api-report.ts';

const folder = mkdtempSync(join(tmpdir(), 'ctxopt-api-report-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function surfaceOf(declarations: string) {
  const file = join(folder, `index-${Math.random().toString(36).slice(2)}.d.ts`);
  writeFileSync(file, declarations);
  return reportEntries([{ specifier: '@example/package', file }], '@example/package');
}

const declarations = `
/** Options of zeta. */
interface ZetaOptions { retries?: number; }
/** Runs zeta. */
declare function zeta<T>(value: T, options?: ZetaOptions): T;
declare const alpha = 1;
type Beta = string | number;
declare class Gamma { readonly size: number; }
export { zeta, alpha, type Beta, Gamma };
`;

describe('the API report', () => {
  it('lists every export in code-point order, with its kind and whether it is a value', () => {
    const [entry] = surfaceOf(declarations).entries;
    expect(entry!.exports.map(({ name, kind, isValue }) => [name, kind, isValue])).toEqual([
      ['Beta', 'type', false],
      ['Gamma', 'class', true],
      ['alpha', 'const', true],
      ['zeta', 'function', true],
    ]);
  });

  it('shows what an export refers to without exporting, and leaves comments out', () => {
    const surface = surfaceOf(declarations);
    expect(surface.referenced.map((entry) => entry.name)).toEqual(['ZetaOptions']);
    const report = renderReport('@example/package', surface);
    expect(report).toContain('| `@example/package` | 3 | 1 |');
    expect(report).toContain('declare function zeta<T>(value: T, options?: ZetaOptions): T;');
    expect(report).toContain('## Referenced, not exported');
    expect(report).not.toContain('Runs zeta');
  });

  it('changes when a signature changes, so the check fails on it', () => {
    const before = renderReport('@example/package', surfaceOf(declarations));
    const after = renderReport(
      '@example/package',
      surfaceOf(declarations.replace('retries?: number;', 'retries?: number; delay?: number;')),
    );
    expect(after).not.toBe(before);
  });
});

// The declaration files as installed: tsc over consumer/types with moduleResolution nodenext
// (ESM `.d.ts` and CommonJS `.d.cts`) and bundler, where every `@ts-expect-error` must
// still be an error; and what the declaration files say about the error classes.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);

async function typeErrors(config: string): Promise<string> {
  return run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', config], {
    cwd: inject('consumerDirectory'),
  }).then(
    () => '',
    (error: { stdout: string }) => error.stdout,
  );
}

const errorClasses = [
  'ContextOptimizerError',
  'RequestValidationError',
  'APIError',
  'BadRequestError',
  'AuthenticationError',
  'PermissionDeniedError',
  'NotFoundError',
  'IdempotencyConflictError',
  'UnprocessableEntityError',
  'RateLimitError',
  'InternalServerError',
  'ResponseValidationError',
  'APIConnectionError',
  'APIConnectionTimeoutError',
  'APIUserAbortError',
];

describe('the installed declaration files', () => {
  it('type-check the public API with moduleResolution nodenext (ESM and CommonJS)', async () => {
    expect(await typeErrors('tsconfig.nodenext.json')).toBe('');
  });

  it('type-check the public API with moduleResolution bundler', async () => {
    expect(await typeErrors('tsconfig.bundler.json')).toBe('');
  });

  for (const file of ['index.d.ts', 'index.d.cts']) {
    it(`declare every error class as a named class, without Node's CallSite (${file})`, () => {
      const declarations = readFileSync(
        join(inject('consumerDirectory'), 'node_modules/@ctxopt/core/dist', file),
        'utf8',
      );
      for (const name of errorClasses) {
        expect(declarations).toMatch(new RegExp(`declare class ${name} extends \\w+`));
      }
      expect(declarations).not.toMatch(/declare const \w+Error\b/);
      expect(declarations).not.toContain('CallSite');
    });
  }
});

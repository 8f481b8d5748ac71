import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeForRule, errorCodes } from './error-codes.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the error codes', () => {
  it.each(Object.entries(errorCodes))(
    'documents %s with its status in the README',
    (code, { status }) => {
      expect(readme).toContain(`| ${status} | \`${code}\` |`);
    },
  );

  it('gives each validation rule of core its own code, and any other rule invalid_request', () => {
    expect(codeForRule('too_many_messages')).toBe('too_many_messages');
    expect(codeForRule('level_and_mode')).toBe('level_and_mode_conflict');
    expect(codeForRule('some_future_rule')).toBe('invalid_request');
  });
});

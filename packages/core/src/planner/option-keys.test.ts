import { checkOptionKeys, conversationPolicyKeys, InvalidOptionError } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';

const known = [...conversationPolicyKeys, 'optimizer'];

function thrown(run: () => unknown): InvalidOptionError {
  try {
    run();
  } catch (error) {
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    return error as InvalidOptionError;
  }
  throw new Error('expected an InvalidOptionError');
}

describe('checkOptionKeys', () => {
  it('accepts the known options, and a key left undefined', () => {
    expect(() =>
      checkOptionKeys({ level: 'ultra', toolResults: {}, optimizer: {}, typo: undefined }, known),
    ).not.toThrow();
    expect(() => checkOptionKeys(undefined, known)).not.toThrow();
  });

  it('names an unknown option, its owner and the known ones', () => {
    const error = thrown(() => checkOptionKeys({ levle: 'ultra' }, known, { owner: 'factory' }));
    expect(error.field).toBe('levle');
    expect(error.message).toMatch(/^factory: levle is not an option \(known: .*level.*\)\.$/);
  });

  it('names the replacement of a renamed option, under the channel’s prefix', () => {
    const error = thrown(() =>
      checkOptionKeys({ protectLastMessages: 2 }, known, { prefix: 'runtime.context.ctxopt.' }),
    );
    expect(error.field).toBe('runtime.context.ctxopt.protectLastMessages');
    expect(error.message).toContain('protectLastMessages was renamed: use keep');
    expect(thrown(() => checkOptionKeys({ compressToolHistory: true }, known)).message).toContain(
      'use toolResults',
    );
  });

  it('refuses options that are not an object', () => {
    expect(thrown(() => checkOptionKeys('ultra', known)).message).toContain(
      'options must be an object',
    );
  });
});

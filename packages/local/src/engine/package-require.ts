import { createRequire } from 'node:module';

/**
 * A `require` that resolves from inside this package, for what it loads on first use (the
 * tokenizer's encoding, the word-vector table's file): the same in the sources, the ES
 * build and the CommonJS build.
 */
export function packageRequire(): NodeJS.Require {
  // `__filename` exists in the CommonJS build; the ES build and the sources have `import.meta`.
  return createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
}

import { createRequire } from 'node:module';

/**
 * Exact o200k_base token counts (the encoding of GPT-4o and later models) from
 * gpt-tokenizer. The encoding's module takes ~150 ms to load, so it is loaded on the
 * first count, synchronously, and kept.
 *
 * Text that spells a special token (`<|endoftext|>` and friends) is counted as the
 * ordinary text it is: a context to compress is data, never control tokens.
 */

type CountFunction = (text: string, options: { disallowedSpecial: Set<string> }) => number;

const ORDINARY_TEXT = { disallowedSpecial: new Set<string>() };

let count: CountFunction | undefined;

function loadCounter(): CountFunction {
  // `__filename` exists in the CommonJS build; the ES build and the sources have `import.meta`.
  const from = typeof __filename === 'string' ? __filename : import.meta.url;
  const encoding = createRequire(from)('gpt-tokenizer/encoding/o200k_base') as {
    countTokens: CountFunction;
  };
  return encoding.countTokens;
}

/** The exact number of o200k_base tokens in `text`. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  count ??= loadCounter();
  return count(text, ORDINARY_TEXT);
}

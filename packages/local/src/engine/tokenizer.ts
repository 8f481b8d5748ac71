import { createRequire } from 'node:module';

/**
 * Exact o200k_base token counts (the encoding of GPT-4o and later models) from
 * gpt-tokenizer. The encoding's module takes ~150 ms to load, so it is loaded on the
 * first use, synchronously, and kept.
 *
 * Text that spells a special token (`<|endoftext|>` and friends) is counted as the
 * ordinary text it is: a context to compress is data, never control tokens.
 */

interface EncodeOptions {
  disallowedSpecial: Set<string>;
}

interface Encoding {
  countTokens(text: string, options: EncodeOptions): number;
  encodeGenerator(text: string, options: EncodeOptions): Generator<number[], number, undefined>;
}

const ORDINARY_TEXT: EncodeOptions = { disallowedSpecial: new Set<string>() };

let encoding: Encoding | undefined;

function load(): Encoding {
  // `__filename` exists in the CommonJS build; the ES build and the sources have `import.meta`.
  const from = typeof __filename === 'string' ? __filename : import.meta.url;
  return createRequire(from)('gpt-tokenizer/encoding/o200k_base') as Encoding;
}

/** The exact number of o200k_base tokens in `text`. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  encoding ??= load();
  return encoding.countTokens(text, ORDINARY_TEXT);
}

/**
 * The tokens of `text` chunk by chunk, in order: the tokenizer splits text into chunks
 * with a regular expression and encodes each on its own (see pretokenize.ts).
 */
export function encodeByChunk(text: string): Generator<number[], number, undefined> {
  encoding ??= load();
  return encoding.encodeGenerator(text, ORDINARY_TEXT);
}

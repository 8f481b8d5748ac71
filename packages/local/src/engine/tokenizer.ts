import { countLongChunk, LONG_CHUNK, type RankTable } from './long-chunk.ts';
import { packageRequire } from './package-require.ts';
import { chunkEnd } from './pretokenize.ts';

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

/** The parts of gpt-tokenizer's byte-pair encoder that long-chunk.ts reads ranks from. */
interface EncoderCore {
  bytePairStringRankEncoder?: Map<string, number>;
  getBpeRankFromBytes?(bytes: Uint8Array): number | undefined;
  mergeCache?: Map<string, unknown>;
  mergeCacheSize?: number;
}

interface EncodingModule extends Encoding {
  default?: { bytePairEncodingCoreProcessor?: EncoderCore };
}

const ORDINARY_TEXT: EncodeOptions = { disallowedSpecial: new Set<string>() };

let encoding: EncodingModule | undefined;
let rankTable: RankTable | null | undefined;

function load(): EncodingModule {
  return packageRequire()('gpt-tokenizer/encoding/o200k_base') as EncodingModule;
}

/**
 * The encoder's ranks, for long-chunk.ts; null when this version of gpt-tokenizer does
 * not expose them (long chunks are then left to the tokenizer, slow but exact).
 */
export function ranks(): RankTable | null {
  if (rankTable !== undefined) return rankTable;
  encoding ??= load();
  const core = encoding.default?.bytePairEncodingCoreProcessor;
  const strings = core?.bytePairStringRankEncoder;
  const ofBytes = core?.getBpeRankFromBytes;
  rankTable =
    core && strings instanceof Map && typeof ofBytes === 'function'
      ? { ofString: (text) => strings.get(text), ofBytes: (bytes) => ofBytes.call(core, bytes) }
      : null;
  return rankTable;
}

/**
 * gpt-tokenizer keeps a merge cache (100,000 entries) and, once it is full, evicts its
 * oldest entry on every insert. A V8 Map leaves a hole for each entry deleted at its
 * front, so finding the oldest gets slower with every eviction: on a megabyte of base64,
 * where nearly every chunk is new, counting turned superlinear (9 s of CPU, against 1.6 s
 * with no cache at all). Emptying the cache before it is full keeps its benefit on
 * ordinary text and never lets the evictions start.
 */
function freshCache(loaded: EncodingModule): EncodingModule {
  const core = loaded.default?.bytePairEncodingCoreProcessor;
  const cache = core?.mergeCache;
  const limit = core?.mergeCacheSize;
  if (cache && typeof limit === 'number' && cache.size >= limit - CACHE_HEADROOM) cache.clear();
  return loaded;
}

// Room left in the merge cache before a piece of text is counted: a piece of
// PIECE_CHARACTERS characters adds fewer new entries than that.
const CACHE_HEADROOM = 40_000;
const PIECE_CHARACTERS = 32_768;

/** Whether this thread has loaded the encoding (a first use costs ~150 ms, synchronously). */
export function isTokenizerLoaded(): boolean {
  return encoding !== undefined;
}

function tokenizer(): EncodingModule {
  encoding ??= load();
  return freshCache(encoding);
}

/** The count of one chunk of the pre-tokenization (see pretokenize.ts). */
export function countChunk(chunk: string): number {
  const table = chunk.length >= LONG_CHUNK ? ranks() : null;
  if (table) return countLongChunk(chunk, table);
  return tokenizer().countTokens(chunk, ORDINARY_TEXT);
}

/** Counts text with no long chunk in pieces cut at chunk ends, the cache kept fresh. */
function countPieces(text: string): number {
  if (text.length <= PIECE_CHARACTERS) return tokenizer().countTokens(text, ORDINARY_TEXT);
  let total = 0;
  let from = 0;
  let index = 0;
  while (index < text.length) {
    index = chunkEnd(text, index, text.length);
    if (index - from >= PIECE_CHARACTERS || index === text.length) {
      total += tokenizer().countTokens(text.slice(from, index), ORDINARY_TEXT);
      from = index;
    }
  }
  return total;
}

/**
 * The exact number of o200k_base tokens in `text`. Chunks of `LONG_CHUNK` characters or
 * more are counted by long-chunk.ts, the text between them by the tokenizer, so the
 * cost stays O(n log n) on any input.
 */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (text.length < LONG_CHUNK) return tokenizer().countTokens(text, ORDINARY_TEXT);
  let total = 0;
  let from = 0;
  let index = 0;
  while (index < text.length) {
    const end = chunkEnd(text, index, text.length);
    if (end - index >= LONG_CHUNK && ranks()) {
      if (index > from) total += countPieces(text.slice(from, index));
      total += countChunk(text.slice(index, end));
      from = end;
    }
    index = end;
  }
  if (from === 0) return countPieces(text);
  if (from < text.length) total += countPieces(text.slice(from));
  return total;
}

/**
 * The tokens of `text` chunk by chunk, in order: the tokenizer splits text into chunks
 * with a regular expression and encodes each on its own (see pretokenize.ts).
 */
export function encodeByChunk(text: string): Generator<number[], number, undefined> {
  return tokenizer().encodeGenerator(text, ORDINARY_TEXT);
}

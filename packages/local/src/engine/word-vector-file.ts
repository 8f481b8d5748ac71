/**
 * The shipped word-vector table's file format (assets/word-vectors.bin, written by
 * scripts/build-word-vectors.ts): one line of JSON (`format`, `dimensions`, `words`), one
 * line of the words separated by spaces in row order, then `words` × `dimensions` signed
 * bytes. A file is read back only when every part is what its header says.
 */
export const WORD_VECTOR_FORMAT = 'ctxopt-word-vectors/1';

export interface WordVectorTable {
  readonly dimensions: number;
  /** Each word's row; a row's rank is its frequency rank in GloVe's corpus. */
  readonly rows: ReadonlyMap<string, number>;
  readonly data: Int8Array;
}

export function encodeWordVectors(
  words: readonly string[],
  dimensions: number,
  data: Int8Array,
): Uint8Array {
  const header = JSON.stringify({ format: WORD_VECTOR_FORMAT, dimensions, words: words.length });
  const text = new TextEncoder().encode(`${header}\n${words.join(' ')}\n`);
  const file = new Uint8Array(text.length + data.length);
  file.set(text);
  file.set(new Uint8Array(data.buffer, data.byteOffset, data.length), text.length);
  return file;
}

/** The table `bytes` hold; throws, naming the part, when they are not a whole table. */
export function decodeWordVectors(bytes: Uint8Array): WordVectorTable {
  const headerEnd = bytes.indexOf(10);
  const wordsEnd = headerEnd < 0 ? -1 : bytes.indexOf(10, headerEnd + 1);
  if (wordsEnd < 0) throw new Error('word-vector table: header and word lines are missing');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let header: { format?: unknown; dimensions?: unknown; words?: unknown };
  try {
    header = JSON.parse(decoder.decode(bytes.subarray(0, headerEnd)));
  } catch {
    throw new Error('word-vector table: the header is not JSON');
  }
  const { format, dimensions, words: count } = header;
  if (format !== WORD_VECTOR_FORMAT)
    throw new Error(`word-vector table: format must be ${WORD_VECTOR_FORMAT}`);
  if (
    !Number.isInteger(dimensions) ||
    (dimensions as number) < 1 ||
    !Number.isInteger(count) ||
    (count as number) < 1
  ) {
    throw new Error('word-vector table: dimensions and words must be positive integers');
  }
  const words = decoder.decode(bytes.subarray(headerEnd + 1, wordsEnd)).split(' ');
  if (words.length !== count)
    throw new Error(`word-vector table: ${words.length} words, header says ${count}`);
  const data = bytes.subarray(wordsEnd + 1);
  if (data.length !== (count as number) * (dimensions as number)) {
    throw new Error(
      `word-vector table: ${data.length} vector bytes, header says ${count} × ${dimensions}`,
    );
  }
  const rows = new Map<string, number>();
  for (const [row, word] of words.entries()) rows.set(word, row);
  return {
    dimensions: dimensions as number,
    rows,
    data: new Int8Array(data.buffer, data.byteOffset, data.length),
  };
}

import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { SetLine } from './suite-example.ts';

/**
 * Writes a built set's lines to `bench/quality/data/<set>.jsonl.gz`, one JSON line each,
 * where sets.ts reads them; returns the file written.
 */
export function writeBuiltSet(set: string, lines: readonly SetLine[]): URL {
  const body = `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
  const target = new URL(`./data/${set}.jsonl.gz`, import.meta.url);
  writeFileSync(target, gzipSync(body, { level: 9 }));
  return target;
}

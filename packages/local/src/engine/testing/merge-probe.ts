import { createRequire } from 'node:module';

/**
 * Watches gpt-tokenizer's byte-pair merge, the step that is quadratic in the length of
 * the chunk it merges: `longest()` is the longest input (in UTF-8 bytes) it was handed
 * since the probe started. The engine hands it only short chunks (long ones are counted
 * by long-chunk.ts), so a long input here is work that grows with the square of a run.
 * The module is the one the engine loads (Node's own require cache), in the sources and
 * in the built package alike.
 */
interface MergeCore {
  bytePairMerge(bytes: Uint8Array): unknown;
}

export interface MergeProbe {
  longest(): number;
  stop(): void;
}

export function watchMerges(): MergeProbe {
  const loaded = createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as {
    default?: { bytePairEncodingCoreProcessor?: MergeCore };
  };
  const core = loaded.default?.bytePairEncodingCoreProcessor;
  if (!core || typeof core.bytePairMerge !== 'function') {
    throw new Error('This gpt-tokenizer has no bytePairMerge to watch: update the probe.');
  }
  let longest = 0;
  const merge = core.bytePairMerge;
  core.bytePairMerge = function watched(this: MergeCore, bytes: Uint8Array) {
    longest = Math.max(longest, bytes.length);
    return merge.call(this, bytes);
  };
  return {
    longest: () => longest,
    stop: () => {
      core.bytePairMerge = merge;
    },
  };
}

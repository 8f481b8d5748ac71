import { expect } from 'vitest';
import { changedNumbers } from './adversarial-json.ts';

/**
 * Tallies what the model received for tool results that were JSON texts: each must parse
 * and keep every number's text. `compressed` counts the results that were compressed (the
 * `"$compressed"` note inside them), `retrievable` those that carry a block-mode handle.
 */
export class JsonToolResultTally {
  compressed = 0;
  retrievable = 0;

  check(received: readonly string[], originals: readonly string[]): void {
    expect(received).toHaveLength(originals.length);
    for (const content of received) {
      expect(() => JSON.parse(content), content.slice(0, 200)).not.toThrow();
      expect(changedNumbers(content, originals)).toEqual([]);
      if (content.includes('"$compressed"')) this.compressed++;
      if (content.includes('ctxopt_retrieve')) this.retrievable++;
    }
  }

  /** The property says something only if results were compressed, by the path expected. */
  expectCompressed(blocks: boolean): void {
    expect(this.compressed).toBeGreaterThan(5);
    // Block mode's compressions carry the handle of their original, inside the JSON.
    if (blocks) expect(this.retrievable).toBeGreaterThan(5);
    else expect(this.retrievable).toBe(0);
  }
}

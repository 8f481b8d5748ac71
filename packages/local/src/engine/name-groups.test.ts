import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { ablated } from './ablation.ts';
import { AdjacentPairs } from './name-groups.ts';
import { persian, vietnamese } from './testing/written-languages.ts';

/**
 * A question names its subject in full and asks with one rarer word. The subject is in most
 * sentences: counted once per word of its name, it lifted every sentence naming it in full
 * over the one that answers. In Persian, written without capitals, "علی دایی" (Ali Daei)
 * against "لقب" (nickname), the answer naming him by his surname alone; in Vietnamese, which
 * writes a space between the syllables of one word ("biệt danh", nickname; "câu lạc bộ",
 * club) and of one name ("Lê Công Vinh"). The texts are in testing/written-languages.ts.
 */
describe.each([
  // Each word counted: "علی دایی برای باشگاه بایرن مونیخ بازی کرد."
  ['Persian', persian],
  // Each syllable counted: "Lê Công Vinh sau này làm huấn luyện viên câu lạc bộ Phố Hiến."
  ['Vietnamese', vietnamese],
])('the words of a name weigh once (%s)', (_language, { context, query, answer }) => {
  it('keeps the sentence holding the rarer word at ultra', () => {
    const result = compressContext({ context, query, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain(answer);
  });

  it('drops it with the groups switched off (the ablation of bench:quality)', () => {
    ablated.add('name-groups');
    try {
      const result = compressContext({ context, query, level: 'ultra' });
      expect(result.compressed).not.toContain(answer);
    } finally {
      ablated.delete('name-groups');
    }
  });
});

describe('name groups', () => {
  it('groups two query words only when the text writes them side by side', () => {
    // Slots 0 and 1 side by side in units 0, 1 and 2 (twice in unit 2, counted once); slot 2
    // next to slot 0 in one unit only.
    const pairs = new AdjacentPairs(3);
    for (const unit of [0, 1, 2, 2]) pairs.note(unit, 0, 1);
    pairs.note(3, 2, 0);
    expect(Array.from(pairs.groups(Float64Array.from([4, 3, 5]))!)).toEqual([0, 0, 2]);
    // Side by side in under half the units that hold the more frequent word: two words.
    expect(pairs.groups(Float64Array.from([7, 3, 5]))).toBeUndefined();
  });
});

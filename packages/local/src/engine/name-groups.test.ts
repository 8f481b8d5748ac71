import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { ablated } from './ablation.ts';
import { AdjacentPairs } from './name-groups.ts';
import { persian, vietnamese } from './testing/written-languages.ts';

/**
 * A question names an article's subject in full ("علی دایی", Ali Daei) and asks with one
 * rarer word ("لقب", nickname). The subject is in most sentences: counted once per word of
 * its name, it lifted every sentence naming it in full over the one that answers, which
 * names him by his surname alone. The text is in testing/written-languages.ts.
 */
describe('the words of a name weigh once', () => {
  const { context, query, answer } = persian;

  it('keeps the sentence holding the rarer word at ultra', () => {
    const result = compressContext({ context, query, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain(answer);
  });

  it('drops it with the groups switched off (the ablation of bench:quality)', () => {
    ablated.add('name-groups');
    try {
      // The name counted once per word: "علی دایی برای باشگاه بایرن مونیخ بازی کرد."
      const result = compressContext({ context, query, level: 'ultra' });
      expect(result.compressed).not.toContain(answer);
    } finally {
      ablated.delete('name-groups');
    }
  });

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

/**
 * Vietnamese writes a space between the syllables of one word ("biệt danh", nickname;
 * "câu lạc bộ", club) and of one name ("Lê Công Vinh"), so a question's name or compound
 * is several query words, counted once each. The text is in testing/written-languages.ts.
 */
describe('the syllables of a Vietnamese word or name weigh once', () => {
  const { context, query, answer } = vietnamese;

  it('keeps the sentence holding the rarer word at ultra', () => {
    const result = compressContext({ context, query, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain(answer);
  });

  it('drops it with the groups switched off', () => {
    ablated.add('name-groups');
    try {
      // Each syllable counted: "Lê Công Vinh sau này làm huấn luyện viên câu lạc bộ Phố Hiến."
      const result = compressContext({ context, query, level: 'ultra' });
      expect(result.compressed).not.toContain(answer);
    } finally {
      ablated.delete('name-groups');
    }
  });
});

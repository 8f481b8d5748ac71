import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { PROSE_NAMES, PROSE_WORDS } from './testing/prose-vocabulary.ts';

/**
 * Units are counted apart when they are selected, and the kept ones joined may count a
 * token more (the first loses its leading space: " Oslo" is one token, "Oslo" two).
 */
const FILLED_TO_THE_TOKEN =
  '# Title Oduya with bridge battery ledger 8447. Oslo schedule and bridge engine bridge harbour with the 3488. Kestrel river signal garden invoice and and invoice ledger battery 3845. Marta the battery river invoice and station engine 836. Lisbon of garden of bridge council ledger garden 5625. Oslo of battery battery the bridge bridge ledger schedule signal ledger invoice 4451. Belgrade battery council harbour battery ledger the invoice invoice station the station harbour invoice 9773. Lisbon signal signal schedule harbour bridge and invoice station with harbour bridge the bridge and 206.';

describe('selecting units within the budget', () => {
  it('fills the room of a budget that the joined units overran by a token, rather than leave it empty', () => {
    const result = compressContext(
      { context: FILLED_TO_THE_TOKEN, level: 'standard' },
      { explain: true },
    );
    const budget = result.explanation!.budget;
    expect(budget).toBe(29);
    // Two units of 13 and 16 tokens filled it to the token, 30 once joined; dropping the
    // weaker one left 14 tokens. Selected again for 28, two units of 13 and 12 fit.
    expect(result.compressedTokens).toBeLessThanOrEqual(budget);
    expect(result.compressedTokens).toBeGreaterThanOrEqual(25);
    expect(result.explanation!.units.filter((unit) => unit.reason === 'trimmed')).toEqual([]);
  });

  it('keeps a tenth of the budget when the join trims the blank lines a kept unit was counted with', () => {
    const prose = Array.from(
      { length: 8 },
      (_, at) =>
        `${PROSE_NAMES[at % 7]} ${PROSE_WORDS.slice(at % 4, (at % 4) + 5).join(' ')} ${1000 + at * 37}.`,
    ).join(' ');
    // A run that repeats itself (kept once, its copies near-duplicates), blank lines, and
    // a paragraph counted with the 4,000 line breaks after it, which the join trims.
    const context = `${'xY7/'.repeat(3000)}\n\n${'\n'.repeat(3000)}\n\n${prose}\n\n${'\n'.repeat(4000)}`;
    const result = compressContext({ context, level: 'low' }, { explain: true });
    const budget = result.explanation!.budget;
    expect(budget).toBe(4763);
    // The near-duplicates filled to a tenth as counted apart, 379 tokens once joined.
    expect(result.compressedTokens).toBeGreaterThanOrEqual(Math.floor(budget / 10));
    expect(result.compressedTokens).toBeLessThanOrEqual(budget);
  });

  it('reads a line of no word by its whole text, so it is no repeat of the lines before it', () => {
    // The paragraph's copies are repeats and leave room; the rule under them has no word,
    // so no word pair to compare, and is not the text of any unit before it.
    const paragraph = 'Oslo river bridge harbour schedule ledger battery signal council 2042.';
    const context = [...Array.from({ length: 12 }, () => paragraph), '* * *'].join('\n\n');
    const result = compressContext({ context, level: 'low' }, { explain: true });
    const rule = result.explanation!.units.at(-1)!;
    expect(rule.text).toBe('* * *');
    expect(rule.reason).not.toBe('duplicate');
    expect(result.compressed).toContain('* * *');
  });
});

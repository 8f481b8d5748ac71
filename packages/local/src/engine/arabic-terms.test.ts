import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { arabicStem } from './arabic-terms.ts';
import { isStopWord, stem } from './terms.ts';

/**
 * Arabic writes the article, "and", prepositions and pronouns onto the word: a question's
 * "السوق" (the market) is "للسوق" (for the market) in the sentence that answers it.
 */

const TOWNS = ['حلب', 'حمص', 'حماة', 'إدلب', 'دمشق', 'درعا', 'طرطوس', 'جبلة', 'الرقة', 'تدمر'];
const ANSWER_AT = 6;

function paragraph(town: string, answer: boolean): string {
  return [
    `تقع مدينة ${town} على الضفة الشرقية للنهر وتحيط بها الحقول.`,
    'يصمم التجار السوق من جديد كل عام ويرممون سقف السوق قبل الشتاء.',
    answer
      ? 'وقد صممه المهندس سالم عام 1872 حين بنى السقفَ الحديديَّ للسوق.'
      : 'ويسجل السكان أحوال الطقس في دفتر البلدية كل صباح.',
    'ويمشي الزوار من الساحة إلى النهر في طريق تظلله الأشجار.',
  ].join(' ');
}

describe('Arabic words', () => {
  it('strips the article, the conjunction and the commonest endings', () => {
    expect(arabicStem('والمدينة')).toBe(arabicStem('مدينة'));
    expect(arabicStem('للسوق')).toBe(arabicStem('السوق'));
    expect(arabicStem('صممه')).toBe('صمم');
    expect(arabicStem('أحمد')).toBe(arabicStem('احمد'));
    expect(arabicStem('سَقْفٌ')).toBe('سقف');
    // Short words keep their letters: "ال" and "في" are words, not affixes.
    expect(arabicStem('في')).toBe('في');
    // Persian and Urdu words (letters Arabic does not use) are not read by Arabic rules.
    expect(arabicStem('کتابها')).toBe('کتابها');
    expect(arabicStem('پاکستان')).toBe('پاکستان');
  });

  it('reads Arabic function words as stop words, and leaves other scripts to their rules', () => {
    expect(isStopWord(stem('التي'))).toBe(true);
    expect(isStopWord(stem('من'))).toBe(true);
    expect(isStopWord(stem('سوق'))).toBe(false);
    expect(stem('rivers')).toBe('river');
  });

  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that answers in its affixed forms at %s',
    (level) => {
      const context = TOWNS.map((town, at) => paragraph(town, at === ANSWER_AT)).join('\n\n');
      const result = compressContext({ context, query: 'من صمم سقف السوق؟', level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain('المهندس سالم');
    },
  );
});

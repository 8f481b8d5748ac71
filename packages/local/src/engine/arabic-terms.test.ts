import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arabicStem, sameBehindProclitic } from './arabic-terms.ts';
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
    // The adverb's accusative "اً": "رسمياً" (officially) meets "الرسمى" (the official).
    expect(arabicStem('رسمياً')).toBe(arabicStem('الرسمى'));
    expect(arabicStem('كثيرًا')).toBe(arabicStem('كثير'));
    // Short words keep their letters: "ال" and "في" are words, not affixes.
    expect(arabicStem('في')).toBe('في');
    // Persian and Urdu words (letters Arabic does not use) are not read by Arabic rules.
    expect(arabicStem('کتابها')).toBe('کتابها');
    expect(arabicStem('پاکستان')).toBe('پاکستان');
  });

  it('reads Arabic function words as stop words, and leaves other scripts to their rules', () => {
    expect(isStopWord(stem('التي'))).toBe(true);
    expect(isStopWord(stem('من'))).toBe(true);
    expect(isStopWord(stem('أيضاً'))).toBe(true);
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

describe('Arabic words behind a one-letter preposition', () => {
  it('reads "الله" as one name, and "له" (to him) as a function word', () => {
    expect(stem('الله')).toBe(stem('بالله'));
    expect(stem('لله')).toBe(stem('الله'));
    expect(isStopWord(stem('الله'))).toBe(false);
    expect(isStopWord(stem('له'))).toBe(true);
    // Question words written as one with "what" or "by": no weight.
    expect(isStopWord(stem('ماهو'))).toBe(true);
    expect(isStopWord(stem('بماذا'))).toBe(true);
  });

  it('joins a form with "ل", "ب", "ك" or "ف" in front to the form without', () => {
    expect(sameBehindProclitic('لتدمر', 'تدمر')).toBe(true);
    expect(sameBehindProclitic('مصر', 'بمصر')).toBe(true);
    expect(sameBehindProclitic('تدمر', 'تدمري')).toBe(false);
    // Two letters are not a word behind a preposition.
    expect(sameBehindProclitic('لمن', 'من')).toBe(false);
  });

  const ARCHITECTS = [
    'سالم',
    'كريم',
    'هشام',
    'نبيل',
    'عادل',
    'فؤاد',
    'ماجد',
    'رامي',
    'وليد',
    'زياد',
  ];
  const PLACES = ['حلب', 'حمص', 'صيدا', 'دمشق', 'درعا', 'طرطوس', 'جبلة', 'بانياس', 'تدمر', 'عكار'];

  it.each(['standard', 'ultra'] as const)(
    'keeps the answer that names the place the question writes with "ل" at %s',
    (level) => {
      const context = PLACES.map((place, at) =>
        [
          `تقع بلدة ${place} على الضفة الشرقية للنهر وتحيط بها الحقول.`,
          `صمم المهندس ${ARCHITECTS[at]} سقف السوق في ${place} قبل قرن.`,
          'ويسجل السكان أحوال الطقس في دفتر البلدية كل صباح.',
          'ويمشي الزوار من الساحة إلى النهر في طريق تظلله الأشجار.',
        ].join(' '),
      ).join('\n\n');
      // "لتدمر": "for Palmyra"; the text writes "تدمر".
      const result = compressContext({ context, query: 'من صمم سقف السوق لتدمر؟', level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(`المهندس ${ARCHITECTS[PLACES.indexOf('تدمر')]}`);
    },
  );
});

describe('numbers in Arabic-Indic and Persian digits', () => {
  it('reads them as the same number in the digits 0 to 9', () => {
    expect(stem('١٩٤٥')).toBe('1945');
    expect(stem('۱۹۴۵')).toBe('1945');
    expect(stem('1945')).toBe('1945');
    // Letters are untouched: the Persian word keeps its letters, the Arabic one its stem.
    expect(stem('پاکستان')).toBe('پاکستان');
    expect(stem('والمدينة')).toBe(stem('مدينة'));
  });

  const YEARS = [1861, 1872, 1883, 1894, 1905, 1916, 1927, 1938, 1949, 1950];
  const BUILDERS = ['سالم', 'كريم', 'هشام', 'نبيل', 'عادل', 'فؤاد', 'ماجد', 'رامي', 'وليد', 'زياد'];
  const arabicIndic = (year: number) =>
    String(year).replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)));
  const persian = (year: number) =>
    String(year).replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)));

  it.each([
    ['standard', 'Arabic-Indic', arabicIndic],
    ['ultra', 'Arabic-Indic', arabicIndic],
    ['standard', 'Persian', persian],
    ['ultra', 'Persian', persian],
  ] as const)(
    'keeps the paragraph of the year a question writes in other digits at %s (%s)',
    (level, _digits, write) => {
      // Every paragraph tells the same story of a bridge; only the year tells them apart.
      const context = YEARS.map((year, at) =>
        [
          `في عام ${year} بنى أهل المدينة جسرا جديدا فوق النهر.`,
          `وقد صمم المهندس ${BUILDERS[at]} الجسر وأشرف على بنائه.`,
          'ويسجل السكان أحوال الطقس في دفتر البلدية كل صباح.',
          'ويمشي الزوار من الساحة إلى النهر في طريق تظلله الأشجار.',
        ].join(' '),
      ).join('\n\n');
      const asked = YEARS[6]!;
      const result = compressContext({
        context,
        query: `من صمم الجسر الذي بني في عام ${write(asked)}؟`,
        level,
      });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(`في عام ${asked}`);
      expect(result.compressed).toContain(`المهندس ${BUILDERS[6]}`);
    },
  );
});

describe('words whose own first letters are alef and lam', () => {
  it('meet with and without the article', () => {
    expect(arabicStem('الألبوم')).toBe(arabicStem('ألبوم'));
    expect(arabicStem('والألعاب')).toBe(arabicStem('ألعاب'));
    expect(arabicStem('للألعاب')).toBe(arabicStem('الالعاب'));
    expect(arabicStem('الالتزام')).toBe(arabicStem('التزام'));
    expect(arabicStem('الإلغاء')).toBe(arabicStem('إلغاء'));
    // A word of the article and three letters keeps them ("الآلة", the machine).
    expect(arabicStem('الآلة')).toBe(arabicStem('آلة'));
    expect(arabicStem('المدينة')).toBe(arabicStem('مدينة'));
  });

  it('meet for any word opening with alef and lam, behind any form of the article', () => {
    // Letters a word may go on with after its alef and lam; not alef or lam again, which
    // would make the article twice ("الال") or the name "الله".
    const letters = 'بتثجحخدذرزسشصضطظعغفقكمنهوية'.split('');
    fc.assert(
      fc.property(
        fc.constantFrom('ا', 'أ', 'إ', 'آ'),
        fc.constantFrom(...letters),
        fc.array(fc.constantFrom(...letters, 'ا', 'ل'), { maxLength: 6 }),
        fc.constantFrom('ال', 'وال', 'بال', 'كال', 'فال', 'لل'),
        (alef, next, rest, article) => {
          const bare = `${alef}ل${next}${rest.join('')}`;
          expect(arabicStem(`${article}${bare}`)).toBe(arabicStem(bare));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  const SINGERS = ['سالم', 'كريم', 'هشام', 'نبيل', 'عادل', 'فؤاد', 'ماجد', 'رامي', 'وليد', 'زياد'];
  const CITIES = ['حلب', 'حمص', 'صيدا', 'دمشق', 'درعا', 'طرطوس', 'جبلة', 'بانياس', 'تدمر', 'عكار'];
  const ALBUM_AT = 6;

  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that writes the word without the article at %s',
    (level) => {
      // Every paragraph tells of a city and a book; one names an album ("ألبوم"), which
      // the question writes with the article ("الألبوم").
      const context = CITIES.map((city, at) =>
        [
          `تقع مدينة ${city} على الضفة الشرقية للنهر وتحيط بها الحقول.`,
          at === ALBUM_AT
            ? `صدر ألبوم المغني ${SINGERS[at]} في هذه المدينة قبل عشر سنوات.`
            : `صدر كتاب المؤرخ ${SINGERS[at]} عن هذه المدينة قبل عشر سنوات.`,
          `وصدر ديوان الشاعر ${SINGERS[9 - at]} في هذه المدينة قبل عشرين سنة.`,
          'ويسجل السكان أحوال الطقس في دفتر البلدية كل صباح.',
        ].join(' '),
      ).join('\n\n');
      const result = compressContext({ context, query: 'في أي مدينة صدر الألبوم؟', level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(`المغني ${SINGERS[ALBUM_AT]}`);
    },
  );
});

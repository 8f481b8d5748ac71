import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { russianStem } from './russian-terms.ts';
import { isStopWord, stem } from './terms.ts';

/**
 * Russian marks case on a noun and its adjective: a question's "железные крыши" (iron
 * roofs) is "железную крышу" (an iron roof, as object) in the sentence that answers it.
 */

const TOWNS = [
  'Тверь',
  'Рязань',
  'Тула',
  'Калуга',
  'Вологда',
  'Кострома',
  'Владимир',
  'Псков',
  'Смоленск',
  'Ярославль',
  'Суздаль',
  'Углич',
];
const ANSWER_AT = 8;
const LURES_AT = [2, 5];

function paragraph(town: string, at: number): string {
  return [
    `${town} стоит на высоком берегу реки.`,
    'Купцы каждую весну и осень привозили товары на ярмарку.',
    at === ANSWER_AT
      ? 'Железную крышу городского рынка в 1872 году изобрёл инженер Пётр Самойлов.'
      : LURES_AT.includes(at)
        ? 'Гости хвалят железные мосты, а старые крыши домов видны издалека.'
        : 'Жители много лет записывали погоду в толстые тетради.',
    'Туристы идут по липовой аллее к набережной.',
  ].join(' ');
}

describe('Russian words', () => {
  it('strips case endings of nouns and adjectives', () => {
    expect(stem('москвы')).toBe(stem('москва'));
    expect(stem('москве')).toBe(stem('москвой'));
    expect(stem('россии')).toBe(stem('россия'));
    expect(stem('россией')).toBe(stem('россию'));
    expect(stem('российского')).toBe(stem('российский'));
    expect(stem('статьях')).toBe(stem('статья'));
    expect(stem('железную')).toBe(stem('железные'));
    expect(stem('крышу')).toBe(stem('крыши'));
  });

  it('joins a past tense, its reflexive form and a participle', () => {
    expect(stem('основала')).toBe(stem('основал'));
    expect(stem('основанный')).toBe(stem('основан'));
    expect(stem('родилась')).toBe(stem('родился'));
  });

  it('reads "ё" as "е"', () => {
    expect(stem('учёного')).toBe(stem('ученый'));
  });

  it('keeps three letters and a vowel of the stem, and consonant endings', () => {
    expect(russianStem('год')).toBe('год');
    expect(russianStem('года')).toBe('год');
    expect(russianStem('она')).toBe('она');
    // "-ет" ends a verb as often as a noun's stem: "бюджет" keeps it and meets "бюджета".
    expect(stem('бюджета')).toBe(stem('бюджет'));
  });

  it('reads function and question words as stop words', () => {
    expect(isStopWord(stem('какой'))).toBe(true);
    expect(isStopWord(stem('каком'))).toBe(true);
    expect(isStopWord(stem('которые'))).toBe(true);
    expect(isStopWord(stem('в'))).toBe(true);
    expect(isStopWord(stem('рынка'))).toBe(false);
  });

  it('leaves words with letters Russian does not use as written', () => {
    // Ukrainian "і", Serbian "ј": another language's endings, another stemmer's work.
    expect(russianStem('столиці')).toBe('столиці');
    expect(russianStem('његова')).toBe('његова');
    // Other scripts keep their own rules.
    expect(stem('rivers')).toBe('river');
  });

  it('keeps the sentence that answers in other cases at ultra', () => {
    // Without stems the lures share "железные" and "крыши" word for word, the answer nothing.
    const context = TOWNS.map((town, at) => paragraph(town, at)).join('\n\n');
    const result = compressContext({
      context,
      query: 'Кто придумал железные крыши для рынков?',
      level: 'ultra',
    });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain('Самойлов');
  });
});

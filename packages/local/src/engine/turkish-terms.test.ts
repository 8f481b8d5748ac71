import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms.ts';
import { segment } from './segment.ts';
import { stem } from './terms.ts';
import { languageOf } from './text-language.ts';
import { turkishStem } from './turkish-terms.ts';
import { indexUnits } from './unit-index.ts';

/**
 * Turkish builds a word from a root and a chain of suffixes: a question's "çatısını" (its
 * roof, as object) and "kurmuştur" (has built) are "çatı" and "kurdu" in the sentence that
 * answers it.
 */

const TOWNS = ['Bursa', 'Konya', 'Sivas', 'Tokat', 'Çorum', 'Niğde', 'Urfa', 'Muş', 'Van', 'Kars'];
const ANSWER_AT = 6;

function paragraph(town: string, answer: boolean): string {
  return [
    `${town} nehrin doğusunda eski bir kasabadır.`,
    `${town} halkı okulun bahçesini her yıl boyar.`,
    answer
      ? '1872 yılında mühendis Ahmet Kaya okula demir bir çatı kurdu.'
      : 'Sakinler uzun yıllardır her günün havasını kaydeder.',
    'Turistler ağaçlı yoldan nehre kadar yürür.',
  ].join(' ');
}

const lower = (word: string) => word.toLowerCase();

describe('Turkish words', () => {
  it('strips case, possessive, plural and tense suffixes to one root', () => {
    expect(turkishStem('doğmuştur')).toBe(turkishStem('doğdu'));
    expect(turkishStem('kızının')).toBe(turkishStem(lower('Kızları')));
    expect(turkishStem('çatısını')).toBe(turkishStem('çatı'));
    expect(turkishStem('pazarda')).toBe('pazar');
    // A root keeps three letters: "evler" (houses) is not cut to "ev".
    expect(turkishStem('evler')).toBe('evler');
  });

  it('strips a chain of more than three suffixes', () => {
    // "kitap-lar-ımız-da-ki-ler" (the ones in our books): five suffixes, one root.
    expect(turkishStem('kitaplarımızdakiler')).toBe('kitap');
  });

  it('reads the dotted and the dotless i as one letter', () => {
    // "İ" lower-cases to "i" and a combining dot; "I" to "i", where Turkish reads "ı".
    expect(turkishStem(lower('İstanbul'))).toBe(turkishStem('istanbul'));
    expect(turkishStem(lower('IRMAK'))).toBe(turkishStem('ırmak'));
  });

  it('reads a word by Turkish rules only in a Turkish text', () => {
    expect(stem('kızları', 'tr')).toBe('kiz');
    expect(stem('kızları')).toBe('kızları');
    const turkish = 'Fuat Sezgin 24 Ekim 1924 tarihinde Bitlis’te doğdu. Kızları İstanbul’a geldi.';
    const text = `${turkish} ${turkish}`;
    const index = indexUnits(text, segment(text).units);
    expect(index.language).toBe('tr');
    const terms = queryTerms('Fuat Sezgin kaç yılında doğmuştur?', index, true);
    expect(terms?.slotOf[index.termIds.get('doğ')!]).toBeGreaterThanOrEqual(0);
  });

  it('tells a Turkish text from other texts of the Latin script', () => {
    expect(languageOf('Kızları Hilal, 1970 yılında dünyaya geldi ve İstanbul’da büyüdü.')).toBe(
      'tr',
    );
    // A Turkish name in German, Romanian's ş, Vietnamese, an Arabic text naming a Turkish town.
    const german =
      'Die Stadt Ağrı liegt im Osten der Türkei, nahe dem Berg Ararat. Im Winter fällt dort ' +
      'viel Schnee, und die Straßen über die Pässe sind oft wochenlang gesperrt.';
    expect(languageOf(german)).toBe(undefined);
    expect(languageOf('Oraşul se află în ţara noastră şi are o şcoală veche.')).toBe(undefined);
    expect(languageOf('Hà Nội là thủ đô của nước Cộng hòa Xã hội chủ nghĩa Việt Nam.')).toBe('vi');
    expect(languageOf('ولد في مدينة Iğdır في شرق تركيا عام 1950.')).toBe(undefined);
  });

  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that answers with other suffixes at %s',
    (level) => {
      const context = TOWNS.map((town, at) => paragraph(town, at === ANSWER_AT)).join('\n\n');
      const result = compressContext({ context, query: 'Okulun çatısını kim kurmuştur?', level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain('Ahmet Kaya');
    },
  );
});

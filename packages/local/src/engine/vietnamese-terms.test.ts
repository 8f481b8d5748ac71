import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms.ts';
import { segment } from './segment.ts';
import { isStopWord } from './terms.ts';
import { languageOf } from './text-language.ts';
import { indexUnits } from './unit-index.ts';

/**
 * Vietnamese writes a space between syllables, and its function words are syllables
 * common in every sentence: "là" (is), "đã" (past), "có" (has), "ai" (who), "gì" (what).
 * Read as content words, they rank a sentence that shares them with the question over the
 * sentence that names what the question asks about.
 */

const TOWNS = ['Huế', 'Vinh', 'Đà Lạt', 'Nha Trang', 'Cần Thơ', 'Hội An', 'Sa Pa', 'Hạ Long'];
const ANSWER_AT = 5;

/**
 * A town's paragraph; every other one says "who has come to the town is a person who will
 * come back", which shares "ai", "đã", "là" and "người" with the question, and the answer
 * paragraph's sentence shares "xây" (built) and "cầu" (bridge) with it.
 */
function paragraph(town: string, at: number): string {
  return [
    `${town} nằm bên bờ sông lớn ở miền Trung.`,
    at % 2 === 0
      ? `Ai đã đến ${town} là người có lúc sẽ trở lại, ai cũng nói vậy.`
      : `Chợ ${town} bán cá tươi từ sáng sớm đến trưa.`,
    at === ANSWER_AT
      ? 'Kỹ sư Nguyễn Văn Bình xây cầu năm 1872.'
      : 'Mùa hè trời nắng và khách đi dạo trên phố cổ.',
    'Nhiều trường học mới được mở trong thập niên qua.',
  ].join(' ');
}

describe('Vietnamese words', () => {
  it('tells a Vietnamese text from other texts of the Latin script', () => {
    const vietnamese = 'Hà Nội là thủ đô của nước Cộng hòa Xã hội chủ nghĩa Việt Nam.';
    expect(languageOf(vietnamese)).toBe('vi');
    // Written decomposed (the tone marks and the horn as combining marks).
    expect(languageOf(vietnamese.normalize('NFD'))).toBe('vi');
    // Romanian's ă and â, French and Portuguese accents, a Vietnamese name in an English
    // text, and a Russian one: not Vietnamese.
    expect(languageOf('Oraşul se află în ţara noastră şi are o şcoală veche.')).toBe(undefined);
    expect(languageOf('À côté de la forêt, le château où il était né domine la vallée.')).toBe(
      undefined,
    );
    expect(languageOf('A cidade está situada às margens do rio, onde nasceu João.')).toBe(
      undefined,
    );
    const english =
      'The delegation flew to Hà Nội on Monday and met the ministers of trade and industry ' +
      'to discuss tariffs, shipping routes and the new port that opens next spring.';
    expect(languageOf(english)).toBe(undefined);
    expect(
      languageOf('Делегация прилетела в Hà Nội в понедельник и встретилась с министрами.'),
    ).toBe(undefined);
  });

  it('reads function syllables as stop words in a Vietnamese text only', () => {
    for (const word of ['là', 'đã', 'có', 'được', 'các', 'những', 'một', 'ai', 'gì', 'nào']) {
      expect(isStopWord(word, 'vi')).toBe(true);
      expect(isStopWord(word)).toBe(false);
    }
    // Prepositions carry the relation a Vietnamese question asks for ("tại", at): kept.
    expect(isStopWord('tại', 'vi')).toBe(false);
    const text = `${paragraph('Huế', 0)} ${paragraph('Vinh', ANSWER_AT)}`;
    const index = indexUnits(text, segment(text).units);
    expect(index.language).toBe('vi');
    const terms = queryTerms('Ai là người đã xây cầu?', index, true)!;
    expect(terms.slotOf[index.termIds.get('là')!]).toBe(-1);
    expect(terms.slotOf[index.termIds.get('ai')!]).toBe(-1);
    expect(terms.slotOf[index.termIds.get('cầu')!]).toBeGreaterThanOrEqual(0);
  });

  // At `ultra`, without the list, the sentences of "ai", "đã", "là" and "người" fill the
  // budget and the one that names the builder is dropped.
  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that names what the question asks about at %s',
    (level) => {
      const context = TOWNS.map((town, at) => paragraph(town, at)).join('\n\n');
      const result = compressContext({ context, query: 'Ai là người đã xây cầu?', level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain('Nguyễn Văn Bình');
    },
  );

  // Decomposed text is read as Vietnamese (above), so its function syllables must weigh
  // nothing too: written with combining marks they are other strings than the list's.
  it('reads the function syllables of a text written decomposed as stop words', () => {
    for (const word of ['là', 'đã', 'được', 'những', 'ai']) {
      expect(isStopWord(word.normalize('NFD'), 'vi')).toBe(true);
    }
    // The vowel letters composed and the tone mark apart ("ư" and "ơ", then a dot below).
    expect(isStopWord('\u0111\u01b0\u01a1\u0323c', 'vi')).toBe(true);
    expect(isStopWord('nh\u01b0\u0303ng', 'vi')).toBe(true);
    const text = `${paragraph('Huế', 0)} ${paragraph('Vinh', ANSWER_AT)}`.normalize('NFD');
    const index = indexUnits(text, segment(text).units);
    expect(index.language).toBe('vi');
    const terms = queryTerms('Ai là người đã xây cầu?'.normalize('NFD'), index, true)!;
    for (const word of ['là', 'đã']) {
      const id = index.termIds.get(word.normalize('NFD'))!;
      expect(index.stop[id]).toBe(1);
      expect(terms.slotOf[id]).toBe(-1);
    }
    expect(terms.slotOf[index.termIds.get('cầu'.normalize('NFD'))!]).toBeGreaterThanOrEqual(0);
  });
});

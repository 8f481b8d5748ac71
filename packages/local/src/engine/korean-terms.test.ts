import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { koreanStem } from './korean-terms.ts';
import { queryTerms } from './query-terms.ts';
import { segment } from './segment.ts';
import { isStopWord, stem } from './terms.ts';
import { indexUnits } from './unit-index.ts';

/**
 * Korean writes a noun's particle onto it: a question's "지붕을" (the roof, as object) is
 * "지붕이" (the roof, as subject) in the sentence that answers it.
 */

const TOWNS = ['전주', '광주', '대구', '부산', '울산', '청주', '춘천', '원주', '목포', '여수'];
const ANSWER_AT = 6;

function paragraph(town: string, answer: boolean): string {
  return [
    `${town}은 강의 동쪽에 있는 오래된 도시이다.`,
    '상인들은 매년 봄과 가을에 시장의 물건을 판다.',
    answer
      ? '1872년 기술자 김민수가 시장에 철제 지붕이 있는 건물을 설계했다.'
      : '주민들은 오랫동안 매일의 날씨를 기록해 왔다.',
    '관광객은 나무가 늘어선 길을 따라 강까지 걸어간다.',
  ].join(' ');
}

describe('Korean words', () => {
  it('strips the particle after a noun', () => {
    expect(koreanStem('서울에서')).toBe('서울');
    expect(koreanStem('서울은')).toBe('서울');
    expect(koreanStem('지붕을')).toBe(koreanStem('지붕이'));
    // A one-syllable particle only after two syllables or more: "책을" is not cut to "책".
    expect(koreanStem('책을')).toBe('책을');
  });

  it('matches a verb or noun form sharing its first two syllables', () => {
    const text = '그는 1989년 2월 15일 지명수배되었다. 시위를 주도했다는 혐의였다.';
    const index = indexUnits(text, segment(text).units);
    const terms = queryTerms('시위를 주도한 혐의로 지명수배 된 날은?', index, true);
    const matched = (term: string) => (terms?.slotOf[index.termIds.get(term)!] ?? -1) >= 0;
    expect(matched('지명수배되었다')).toBe(true);
    expect(matched('주도했다')).toBe(true);
    expect(matched('1989')).toBe(false);
  });

  it('reads question words as stop words', () => {
    expect(isStopWord(stem('무엇인가'))).toBe(true);
    expect(isStopWord(stem('누구'))).toBe(true);
    expect(isStopWord(stem('시장'))).toBe(false);
  });

  it.each(['standard', 'ultra'] as const)(
    'keeps the sentence that answers with other particles at %s',
    (level) => {
      const context = TOWNS.map((town, at) => paragraph(town, at === ANSWER_AT)).join('\n\n');
      const result = compressContext({
        context,
        query: '시장의 지붕을 설계한 사람은 누구인가?',
        level,
      });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain('김민수');
    },
  );
});

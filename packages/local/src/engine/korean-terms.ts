import { stripEnding } from './word-endings.ts';

/**
 * Korean words as the scorer sees them: the particle a noun carries ("서울은", "서울에서",
 * "서울의" are all "서울") is stripped, so a question and its answer sentence share the
 * noun though they mark it for different roles. Korean writes particles onto the word
 * before them, and its words are two to four syllables, too short for the shared-opening
 * match of query-terms.ts.
 */

/** Particles, longest first; a one-syllable one only after a word of two or more. */
const PARTICLES = [
  '에서는',
  '에서도',
  '에게서',
  '으로서',
  '으로써',
  '으로는',
  '이라는',
  '에서',
  '에게',
  '한테',
  '으로',
  '부터',
  '까지',
  '처럼',
  '보다',
  '라는',
  '이나',
  '에는',
  '와는',
  '과는',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에',
  '의',
  '와',
  '과',
  '도',
  '로',
  '만',
];

/** Whether `code` is a Hangul syllable. */
export function isHangulSyllable(code: number): boolean {
  return code >= 0xac00 && code <= 0xd7a3;
}

/** A lower-cased Korean word without the particle after it. */
export function koreanStem(word: string): string {
  return stripEnding(
    word,
    PARTICLES,
    (root, particle) => root.length >= (particle.length === 1 ? 2 : 1),
  );
}

/** Words of Korean questions that name no content. */
export const KOREAN_STOP_WORDS = (
  '무엇 무엇인가 무엇인가요 무엇일까 누구 누구인가 누구인가요 언제 어디 어디인가 어느 어떤 ' +
  '몇 얼마 얼마나 왜 어떻게 것 수 그 이 저 및 등 또는 그리고 하는 있는 있다 한 된 되었다 했다 하였다'
).split(' ');

/**
 * Arabic words as the scorer sees them: a light stemmer in the manner of Larkey's
 * Light10 (normalise the letters that are written several ways, strip the conjunction
 * and the article in front and the commonest endings behind), so that "قتله" (killed
 * him) meets "قتل" (killed) and "والمدينة" (and the city) meets "المدينة" and "مدينة".
 * Arabic attaches these to the word, so without it a question and its answer sentence
 * rarely share a word form.
 */

/** Harakat, the superscript alef and the tatweel: marks a text may or may not write. */
const MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u0640]/g;
/** The article, with a conjunction or preposition before it, longest first. */
const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** Pronoun, plural, dual and feminine endings, longest first. */
const ENDINGS = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ية', 'ه', 'ة', 'ي'];

/** Whether `code` is a letter of the Arabic script's main block. */
export function isArabicLetter(code: number): boolean {
  return code >= 0x0620 && code <= 0x06ff;
}

/**
 * Letters Persian, Urdu and other languages written in the Arabic script use and Arabic
 * does not: a word holding one is not Arabic, and keeps its letters.
 */
const NOT_ARABIC = /[\u0679-\u06d3\u06d5\u06ee-\u06ff]/;

/** The light stem of a lower-cased Arabic word. */
export function arabicStem(word: string): string {
  if (NOT_ARABIC.test(word)) return word;
  let result = word
    .replace(MARKS, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي');
  // "و" (and) in front of a word of at least three more letters.
  if (result.length > 3 && result.startsWith('و')) result = result.slice(1);
  for (const article of ARTICLES) {
    if (result.length - article.length >= 2 && result.startsWith(article)) {
      result = result.slice(article.length);
      break;
    }
  }
  for (const ending of ENDINGS) {
    if (result.length - ending.length >= 2 && result.endsWith(ending)) {
      result = result.slice(0, -ending.length);
      break;
    }
  }
  return result;
}

/** Function words of Arabic questions and prose: they carry no weight. */
export const ARABIC_STOP_WORDS = (
  'في من على الى إلى عن ما ماذا هو هي هم هذا هذه ذلك تلك التي الذي الذين اللذان كان ' +
  'كانت يكون ان أن إن لم لن لا مع او أو ثم قد كم متى اين أين كيف لماذا لما هل بين عند ' +
  'منذ حتى كل بعد قبل اي أي غير ايضا أيضا وقد وكان كما حيث'
).split(' ');

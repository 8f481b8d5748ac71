import { MIN_ROOT, stripEnding } from './word-endings.ts';

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
/**
 * Alef with the double fatha (in either order) at a word's end. ARCD dev, 2x / 4x / 10x:
 * 93.4 / 83.3 / 59.8% without, 93.4 / 83.9 / 60.3% with.
 */
const TANWIN_ALEF = /(?:\u064bا|ا\u064b)$/;
/** The article, with a conjunction or preposition before it, longest first. */
const ARTICLES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** Pronoun, plural, dual and feminine endings, longest first. */
const ENDINGS = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ية', 'ه', 'ة', 'ي'];

/** "الله" and the same with "by", "for", "then" or the oath's "ta" in front. */
const GOD = new Set(['الله', 'بالله', 'لله', 'فالله', 'تالله']);

/**
 * Whether `code` is in the Arabic script's main block from its first letter on: its
 * letters, and its Arabic-Indic and Persian digits, which arabicStem reads as numbers.
 */
export function isArabicLetter(code: number): boolean {
  return code >= 0x0620 && code <= 0x06ff;
}

/**
 * Letters Persian, Urdu and other languages written in the Arabic script use and Arabic
 * does not: a word holding one is not Arabic, and keeps its letters.
 */
const NOT_ARABIC = /[\u0679-\u06d3\u06d5\u06ee-\u06ff]/;

/**
 * The Arabic-Indic digits (U+0660 to U+0669) and their Persian and Urdu forms (U+06F0 to
 * U+06F9). Texts in the Arabic script write numbers with these or with the digits 0 to 9,
 * and a question may write them the other way from the text it asks about.
 */
const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** A number in Arabic-Indic or Persian digits as the same number in the digits 0 to 9. */
function foldDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  return String.fromCharCode(48 + code - (code >= 0x06f0 ? 0x06f0 : 0x0660));
}

/**
 * The light stem of a lower-cased Arabic word; a run of Arabic-Indic or Persian digits
 * (the word scanner keeps digits apart from letters) is read as the same number in the
 * digits 0 to 9, so "١٩٤٥" and "۱۹۴۵" meet "1945".
 */
export function arabicStem(word: string): string {
  const first = word.charCodeAt(0);
  if ((first >= 0x0660 && first <= 0x0669) || (first >= 0x06f0 && first <= 0x06f9)) {
    return word.replace(ARABIC_DIGITS, foldDigit);
  }
  if (NOT_ARABIC.test(word)) return word;
  // The indefinite accusative "اً" ("رسمياً", officially; "كثيراً", much), an ending of
  // the adverb a question rarely writes: "رسمياً" meets "الرسمي" (the official).
  let result = word
    .replace(TANWIN_ALEF, '')
    .replace(MARKS, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي');
  // "و" (and) in front of a word of at least three more letters.
  if (result.length > MIN_ROOT && result.startsWith('و')) result = result.slice(1);
  // "الله" (God) and its forms with a preposition are one name, not the article on "له"
  // (to him), a function word: without this, "رسول الله" matched every "له" in the text.
  if (GOD.has(result)) return 'الله';
  for (const article of ARTICLES) {
    if (leavesStem(result, article)) {
      result = result.slice(article.length);
      // A word whose own first letters are alef and lam ("ألبوم", album; "ألعاب", games;
      // "إلغاء", cancelling; "التزام", commitment) loses them here as if they were the
      // article when it is written bare (the hamza is normalised above): written with the
      // article ("الألبوم") it loses both, so the two forms meet.
      if (leavesStem(result, 'ال')) result = result.slice(2);
      break;
    }
  }
  return stripEnding(result, ENDINGS, (root) => root.length >= 2);
}

/** Whether `word` opens with `prefix` and keeps two letters at least without it. */
function leavesStem(word: string, prefix: string): boolean {
  return word.length - prefix.length >= 2 && word.startsWith(prefix);
}

/** Prepositions and conjunctions written onto the next word: "by", "for", "as", "then". */
const PROCLITICS = 'بلكف';

/**
 * Whether two Arabic stems are one word with or without a one-letter preposition or
 * conjunction in front ("لمصر", for Egypt, and "مصر"). The stemmer does not strip these
 * (they are as often a word's first letter: "كتاب", "فريق"), so only a pair of forms that
 * both occur is joined, and the rest must keep `MIN_ROOT` letters.
 */
export function sameBehindProclitic(a: string, b: string): boolean {
  const shorter = a.length < b.length ? a : b;
  const longer = shorter === a ? b : a;
  if (longer.length !== shorter.length + 1 || shorter.length < MIN_ROOT) return false;
  return PROCLITICS.includes(longer[0]!) && longer.endsWith(shorter);
}

/**
 * Function words of Arabic questions and prose: they carry no weight. The second part
 * (lone letters a question writes apart, question words written as one, pronouns behind a
 * preposition): ARCD dev 10x 56.9 to 57.2%, 2x and 4x unchanged; with "وما", "إليه" and
 * "يمكن" (can) and their like, 2x 93.1 to 93.4% and 4x 81.6 to 81.9% (10x unchanged).
 */
export const ARABIC_STOP_WORDS = (
  'في من على الى إلى عن ما ماذا هو هي هم هذا هذه ذلك تلك التي الذي الذين اللذان كان ' +
  'كانت يكون ان أن إن لم لن لا مع او أو ثم قد كم متى اين أين كيف لماذا لما هل بين عند ' +
  'منذ حتى كل بعد قبل اي أي غير ايضا أيضا وقد وكان كما حيث ' +
  'و ف ب ل ماهو ماهي ماهى بما بماذا عما مما فيما ممن لمن بمن اذا إذا عندما وهو وهي ' +
  'له لها لهم به بها بهم منه منها فيه فيها عليه عليها إليه إليها إليهم هناك ذات وما يمكن أيضاً'
).split(' ');

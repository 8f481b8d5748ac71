import { ARABIC_STOP_WORDS, arabicStem, isArabicLetter } from './arabic-terms.ts';
import { GREEK_STOP_WORDS, greekStem, isGreekLetter } from './greek-terms.ts';
import { HINDI_STOP_WORDS, hindiStem, isDevanagari } from './hindi-terms.ts';
import { JAPANESE_STOP_WORDS } from './japanese-terms.ts';
import { isHangulSyllable, KOREAN_STOP_WORDS, koreanStem } from './korean-terms.ts';
import { foldRomanianCommas } from './romanian-letters.ts';
import { isCyrillicLetter, RUSSIAN_STOP_WORDS, russianStem } from './russian-terms.ts';
import { LATIN_END, type WordLanguage } from './text-language.ts';
import { turkishStem } from './turkish-terms.ts';
import { VIETNAMESE_STOP_WORDS } from './vietnamese-terms.ts';
import { isRoot, MIN_ROOT, stripEnding } from './word-endings.ts';
import { wordsOf } from './word-scanner.ts';

/**
 * Words as the scorer sees them: lower-cased, with a light suffix stripping so that
 * "rivers" meets "river" and "founded" meets "found", and a stop-word list so that
 * "the" and "which" carry no weight. A word's script tells its language where one
 * script is one language: Arabic and Korean words get their own stemmer and stop words
 * (arabic-terms.ts, korean-terms.ts), Japanese its function words in kana
 * (japanese-terms.ts), Cyrillic words Russian's stemmer and stop words (russian-terms.ts),
 * Greek words their accents folded and their own stemmer (greek-terms.ts), Devanagari
 * words Hindi's normalisation and stemmer (hindi-terms.ts); other scripts are left as
 * written. Latin words read Romanian's ş and ș as one letter (romanian-letters.ts). Where
 * a script is written in several languages, the text's language (text-language.ts) picks
 * the rules: Turkish words get their own stemmer (turkish-terms.ts), not the English
 * endings.
 */

const STOP_WORDS = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further ' +
    'had has have having he her here hers herself him himself his how i if in into is it its itself ' +
    'just me more most my myself no nor not now of off on once only or other our ours ourselves out ' +
    'over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which ' +
    'while who whom why will with would you your yours yourself yourselves also may might must ' +
    'shall s t d ll m re ve get got'
  ).split(' '),
);

/** The English verb endings the stemmer strips, when a root is left (word-endings.ts). */
const VERB_ENDINGS = ['ing', 'ed'] as const;

/**
 * Strips common inflections: Arabic, Korean, Russian, Greek and Hindi by their own rules,
 * Turkish in a Turkish text (`language`, the text's where its script leaves it open),
 * English endings from other words; leaves short words and numbers alone.
 */
export function stem(word: string, language?: WordLanguage): string {
  const first = word.charCodeAt(0);
  if (isGreekLetter(first)) return greekStem(word);
  if (first >= 0x0600) {
    if (isArabicLetter(first)) return arabicStem(word);
    if (isDevanagari(first)) return hindiStem(word);
    if (isHangulSyllable(first)) return koreanStem(word);
  } else if (isCyrillicLetter(first)) {
    return russianStem(word);
  }
  let result = foldRomanianCommas(word);
  // TQuAD dev, 2x / 4x / 10x: 98.1 / 91.9 / 78.9% with the English endings, 98.3 / 93.6 /
  // 83.3% with these (the stop words stay English: a Turkish list kept 92.8 / 81.1% at 4x /
  // 10x, none 93.3 / 81.4%).
  if (language === 'tr' && first < LATIN_END) return turkishStem(result);
  if (result.endsWith("'s") || result.endsWith('’s')) result = result.slice(0, -2);
  // A verb in "-ie" takes "-d" ("die", "died"; "tie", "tied"): the four-letter past drops
  // its "d", as "dies" drops its "s", so a question's "die" finds the passage's "died".
  // Dev, multi-hop large, 2x / 4x / 10x: 85.7 / 71.3 / 43.9 to 86.5 / 73.1 / 45.0% (bench
  // layout), 83.9 / 69.6 / 40.6 to 85.1 / 70.8 / 41.8% (title lines).
  if (result.length === 4 && result.endsWith('ied')) return result.slice(0, 3);
  // The root rule of the other stemmers (MIN_ROOT): a word no longer than a root keeps its
  // letters, and "-ing" and "-ed" come off when a root is left. Without the first guard,
  // word-rules-adversarial.test.ts stems a word to nothing.
  if (result.length <= MIN_ROOT) return result;
  // "flies" to "fly"; at 3 letters, verb-stems.test.ts: "dies" becomes "dy".
  if (result.endsWith('ies') && result.length > 4) return `${result.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh)es$/.test(result)) result = result.slice(0, -2);
  else if (result.endsWith('s') && !/(?:ss|us|is)$/.test(result)) result = result.slice(0, -1);
  return stripEnding(result, VERB_ENDINGS, isRoot);
}

// A stop word is looked up after stemming: "does", "during" and "having" stem to "doe",
// "dur" and "hav", which would otherwise weigh as content words (dev 10x: NQ 94.8 to 95.0%,
// passages only 85.4 to 85.6%, REALTALK with the question 74.5 to 75.0%, XQuAD en 85.6 to 85.5%).
for (const word of [...STOP_WORDS]) STOP_WORDS.add(stem(word));
// Each script's list stemmed by its own stemmer, which `stem` picks by the word's script. No
// Greek or Hindi set measures their lists (bench/README.md "Languages").
for (const word of [
  ...ARABIC_STOP_WORDS,
  ...KOREAN_STOP_WORDS,
  ...RUSSIAN_STOP_WORDS,
  ...GREEK_STOP_WORDS,
  ...HINDI_STOP_WORDS,
]) {
  STOP_WORDS.add(stem(word));
}
// JSQuAD dev, 2x / 4x / 10x: 97.4 / 91.3 / 74.8% without, 97.8 / 93.7 / 76.0% with; XQuAD zh
// unchanged. (A Chinese list of the same kind moved XQuAD zh -0.4 / +0.7 / 0: not taken.)
for (const word of JAPANESE_STOP_WORDS) STOP_WORDS.add(word);

const VIETNAMESE_STOP_SET = new Set(VIETNAMESE_STOP_WORDS);

/**
 * Whether a term carries no weight. In a Vietnamese text (`language`), its function
 * syllables too (vietnamese-terms.ts); other texts never read them. Vietnamese is also
 * written with its tone marks apart (decomposed, or "ệ" as "ê" and a dot below), which
 * text-language.ts reads as Vietnamese too: the term is composed before the look-up, once
 * per distinct term of a text.
 */
export function isStopWord(word: string, language?: WordLanguage): boolean {
  if (STOP_WORDS.has(word)) return true;
  return language === 'vi' && VIETNAMESE_STOP_SET.has(word.normalize('NFC'));
}

/** The lower-cased, stemmed words of a short text such as a query or a title. */
export function termsOf(text: string, language?: WordLanguage): string[] {
  return wordsOf(text).map((word) => stem(word, language));
}

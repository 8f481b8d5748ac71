import { stripEnding } from './word-endings.ts';

/**
 * Hindi words as the scorer sees them (words in the Devanagari script). Hindi writes one
 * word several ways: a nasal vowel with the chandrabindu or the anusvara ("गाँव", "गांव"),
 * a nasal consonant before a consonant of its own class as the consonant and a virama or as
 * the anusvara ("हिन्दी", "हिंदी"), the consonants with a nukta precomposed, decomposed or
 * without the nukta at all ("ज़िला", "जिला"), and, in some text, a zero-width joiner or
 * non-joiner inside the word. A light normalisation in the manner of Lucene's
 * HindiNormalizer (after Pingali and Varma, and Larkey et al.) reads these as one word.
 *
 * Hindi also inflects its nouns, adjectives and verbs by the ending ("सड़क", "सड़कें";
 * "लड़का", "लड़कों"; "बनवाई", "बनवाया"), so a light stemmer in the manner of Ramanathan and
 * Rao (2003) strips the longest of a short list of inflectional endings.
 *
 * Other languages written in Devanagari (Marathi, Nepali, Sanskrit) are read by the same
 * rules: the normalisation is one of the script, and the endings are vowels and syllables
 * they share; a stem is the same function on the question and the text, so a word that met
 * before still meets.
 */

/** Whether `code` is in the Devanagari block. */
export function isDevanagari(code: number): boolean {
  return code >= 0x0900 && code <= 0x097f;
}

/** The zero-width non-joiner and joiner: they shape the letters, not the word. */
const JOINERS = /[\u200c\u200d]/g;
/** The nukta, once the letters that hold it are decomposed. */
const NUKTA = /\u093c/g;
/** The chandrabindu, read as the anusvara. */
const CHANDRABINDU = /\u0901/g;
/**
 * A nasal consonant and a virama before a consonant of its own class: velar ङ before
 * क to घ, palatal ञ before च to झ, retroflex ण before ट to ढ, dental न before त to ध, labial
 * म before प to भ. The anusvara writes the same sound ("सम्बन्ध" and "संबंध").
 */
const NASAL_CLUSTER =
  /\u0919\u094d(?=[\u0915-\u0918])|\u091e\u094d(?=[\u091a-\u091d])|\u0923\u094d(?=[\u091f-\u0922])|\u0928\u094d(?=[\u0924-\u0927])|\u092e\u094d(?=[\u092a-\u092d])/g;
/** The Devanagari digits, read as the digits 0 to 9. */
const DIGITS = /[\u0966-\u096f]/g;

/** A Devanagari word with its spelling variants read as one. */
export function normalizeHindi(word: string): string {
  return word
    .replace(JOINERS, '')
    .normalize('NFD')
    .replace(NUKTA, '')
    .replace(CHANDRABINDU, '\u0902')
    .replace(NASAL_CLUSTER, '\u0902')
    .replace(DIGITS, (digit) => String.fromCharCode(48 + digit.charCodeAt(0) - 0x0966));
}

/**
 * Inflectional endings in the manner of Ramanathan and Rao's list (case and number of
 * nouns and adjectives; tense, aspect, gender and number of verbs), written with the
 * anusvara where the list writes the chandrabindu (the normalisation reads them as one),
 * longest first; the longest that leaves a stem goes.
 */
const ENDINGS = [
  // five letters
  'ाएंगी',
  'ाएंगे',
  'ाऊंगी',
  'ाऊंगा',
  'ाइयां',
  'ाइयों',
  // four
  'ाएगी',
  'ाएगा',
  'ाओगी',
  'ाओगे',
  'एंगी',
  'ेंगी',
  'एंगे',
  'ेंगे',
  'ूंगी',
  'ूंगा',
  'ातीं',
  'नाओं',
  'नाएं',
  'ताओं',
  'ताएं',
  'ियां',
  'ियों',
  // three
  'ाकर',
  'ाइए',
  'ाईं',
  'ाया',
  'ेगी',
  'ेगा',
  'ोगी',
  'ोगे',
  'ाने',
  'ाना',
  'ाते',
  'ाती',
  'ाता',
  'तीं',
  'ाओं',
  'ाएं',
  'ुओं',
  'ुएं',
  'ुआं',
  // two
  'कर',
  'ाओ',
  'िए',
  'ाई',
  'ाए',
  'ने',
  'नी',
  'ना',
  'ते',
  'ीं',
  'ती',
  'ता',
  'ां',
  'ों',
  'ें',
  // one: the vowel signs
  'ो',
  'े',
  'ू',
  'ु',
  'ी',
  'ि',
  'ा',
].sort((a, b) => b.length - a.length);

/**
 * A stem keeps at least two characters (a consonant and a vowel sign, or two consonants),
 * as in Ramanathan and Rao's stemmer: "की" (of) is not cut to "क". A fact of the script,
 * not a tuned value: no Hindi set measures it (bench/README.md "Languages").
 */
const MIN_STEM = 2;

/**
 * Postpositions, auxiliaries, conjunctions, pronouns and question words of Hindi,
 * normalised. They are kept whole by the stemmer, so that none is cut to another ("कहाँ",
 * where, is not "कहा", said), and carry no weight. A word whose stem is one of them is read
 * as one: the inflected function words so ("होता" as "हो", "किसी" as "किस", "उसने" as
 * "उस"), and a few content words too ("सेना", army, as "से"; "कोना", corner, as "को").
 */
export const HINDI_STOP_WORDS =
  // postpositions
  (
    'का की के में से को ने पर तक लिए द्वारा ' +
    // the copula and auxiliaries
    'है हैं था थी थे हो हुआ हुई हुए ' +
    // conjunctions and particles
    'और या तथा एवं कि जो भी ही तो नहीं ' +
    // pronouns
    'यह वह ये वे इस उस इन उन इसके उसके इसका उसका इसकी उसकी जिस जिसे जिसने ' +
    // question words
    'क्या कौन कब कहाँ कैसे कैसा कैसी कितना कितने कितनी किस किसने किसको किसे क्यों'
  )
    .split(' ')
    .map(normalizeHindi);

const STOP_SET = new Set(HINDI_STOP_WORDS);

/**
 * The light stem of a lower-cased Devanagari word: spelling normalised, one ending stripped.
 * A word of marks alone ("़", a nukta after a space, which the normalisation removes) is
 * left as written, never read as nothing.
 */
export function hindiStem(word: string): string {
  const normal = normalizeHindi(word);
  if (normal.length === 0) return word;
  if (STOP_SET.has(normal)) return normal;
  return stripEnding(normal, ENDINGS, (root) => root.length >= MIN_STEM);
}

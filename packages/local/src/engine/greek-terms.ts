/**
 * Greek words as the scorer sees them. Greek writes an accent (the tonos) on nearly every
 * word of two syllables or more and a dialytika on some vowels, but drops both in capitals:
 * a question or a heading written in capitals ("ΠΟΤΕ ΙΔΡΥΘΗΚΕ Η ΑΘΗΝΑ") spells "Αθήνα" as
 * "ΑΘΗΝΑ", which lower-cases to "αθηνα". The sigma has a second small form at a word's
 * end (ς), and lower-casing a capital Σ picks one or the other by its place. So a word is
 * compared with its marks removed and ς read as σ, as Lucene's GreekLowerCaseFilter
 * does; polytonic text (the breathings, the circumflex, the iota subscript of U+1F00 to
 * U+1FFF) folds to the same letters.
 *
 * Greek also marks case and number with the ending of the noun and its adjective
 * ("Αθήνα", "της Αθήνας", "ο ποταμός", "του ποταμού"), so a light stemmer strips one of
 * the commonest noun and adjective endings, in the manner of (not the rules of) the
 * stemmer of Ntais (2006) that Lucene's GreekStemmer follows. Verb endings are left: a
 * question and its answer sentence write the verb in the same tense more often than a
 * noun in the same case, and the endings of the verb are longer and more varied.
 */

import { rootWithVowel, stripEnding } from './word-endings.ts';

/** The combining marks Greek is written with, decomposed (tonos, dialytika, breathings...). */
const MARKS = /[\u0300-\u036f]/g;
/** A Greek vowel, marks removed. */
const VOWEL = /[αεηιουω]/;

/** Whether `code` is in the Greek and Coptic block or in Greek Extended (polytonic). */
export function isGreekLetter(code: number): boolean {
  return (code >= 0x0370 && code <= 0x03ff) || (code >= 0x1f00 && code <= 0x1fff);
}

/**
 * A lower-cased Greek word with its accents, dialytika and breathings removed and the
 * final sigma read as σ: "Αθήνα", "ΑΘΗΝΑ" and "αθηνα" are one word.
 */
export function foldGreek(word: string): string {
  return word.normalize('NFD').replace(MARKS, '').replace(/ς/g, 'σ');
}

/**
 * Endings of nouns and adjectives, folded (σ for ς), longest first; one is stripped. The
 * neuter in -μα keeps its μ through "-ματος", "-ματα", "-ματων" ("όνομα", "ονόματος" at
 * "ονομ"): their endings are stripped only after a μ (`AFTER_MU`).
 */
const ENDINGS = [
  'ατοσ',
  'ατων',
  'ατα',
  // -ι nouns: "παιδί", "παιδιού", "παιδιά", "παιδιών"; the neuters in -ιο, whose other
  // cases are these ("βιβλίο", "βιβλίου", "βιβλία"), and -ιος ("Ιούλιος", "Ιούλιο").
  'ιουσ',
  'ιου',
  'ιων',
  'ιεσ',
  'ιοι',
  'ιοσ',
  'ια',
  'ιο',
  // -η nouns and -ης adjectives in -εις, -εων ("πόλη", "πόλεις", "πόλεων").
  'εισ',
  'εων',
  // -ος, -ας, -ης nouns and adjectives and their cases.
  'ουσ',
  'οσ',
  'ου',
  'ον',
  'οι',
  'ων',
  'ασ',
  'εσ',
  'ησ',
  'α',
  'η',
  'ο',
  'ι',
  'ε',
];
const AFTER_MU = new Set(['ατοσ', 'ατων', 'ατα']);

/**
 * What is left keeps `MIN_ROOT` letters (three, word-endings.ts) and a vowel: "γιος" (son)
 * is not cut to the "γι" of "για" (for), a stop word, and "στο" (in the) keeps its
 * letters. No Greek set measures it (bench/README.md "Languages").
 */
const keepsRoot = rootWithVowel(VOWEL);

function keeps(root: string, ending: string): boolean {
  return keepsRoot(root) && (!AFTER_MU.has(ending) || root.endsWith('μ'));
}

/**
 * The light stem of a lower-cased Greek word: marks folded, one ending stripped. A word of
 * marks alone is left as written, never read as nothing.
 */
export function greekStem(word: string): string {
  const folded = foldGreek(word);
  return folded.length === 0 ? word : stripEnding(folded, ENDINGS, keeps);
}

/**
 * Function words of Greek: the article in its cases, prepositions and their forms joined
 * with the article ("στο", "στην"), conjunctions and particles, the copula, personal and
 * demonstrative pronouns, and question words. Read after stemming, as the text's words are.
 */
export const GREEK_STOP_WORDS =
  // the article, and "one" as the indefinite article
  (
    'ο η το οι τα του της των τον την τους τις ένας μία μια ένα ενός μιας ' +
    // prepositions, alone and joined with the article
    'σε στο στη στην στον στα στους στις στου στης στων από με για προς κατά μετά ' +
    'χωρίς ως μέχρι έως ' +
    // conjunctions, particles, negation
    'και ή αλλά ότι πως που αν να θα δεν μην δε όχι ναι επίσης ' +
    // the copula and "to have" as an auxiliary
    'είναι ήταν είχε έχει ' +
    // pronouns
    'αυτός αυτή αυτό αυτοί αυτές αυτά αυτού αυτής αυτών αυτόν αυτήν εκείνος εκείνη εκείνο ' +
    // question words and the relative "which"
    'ποιος ποια ποιο ποιοι ποιες ποιου ποιας ποιων ποιον ποιους πότε πού πώς πόσος πόση πόσο ' +
    'πόσοι πόσες πόσα γιατί τι οποίος οποία οποίο οποίοι οποίες οποίου οποίας οποίων'
  ).split(' ');

import { rootWithVowel, stripEnding } from './word-endings.ts';

/**
 * Russian words as the scorer sees them: a light suffix stripper in the manner of the
 * Snowball stemmers (one case or adjective ending off the end, the reflexive "-ся", the
 * "и" or soft sign left before it), so that "Москвы" (of Moscow) meets "Москве" and
 * "Москва", and "российского" meets "российский". Russian marks case on the noun and its
 * adjective, so without it a question and the sentence that answers it often share no
 * word form.
 *
 * Only words written wholly in the 33 letters of the Russian alphabet are stripped: a word
 * with a letter Russian does not use (Ukrainian "і", "ї", "є", "ґ", Belarusian "ў",
 * Serbian and Macedonian "ј", "љ", "њ" and the like) is left as written. Bulgarian uses no
 * letter of its own and is stripped by the same rules; its endings are the same vowels,
 * so the rules join forms of one word there too, and a stem is the same function on the
 * question and the text, so a word that met before still meets.
 */

/** A word made of the Russian alphabet's letters only ("ё" among them). */
const RUSSIAN_WORD = /^[а-яё]+$/;
const VOWEL = /[аеиоуыэюя]/;
const REFLEXIVE = ['ся', 'сь'];
const BEFORE_ENDING = ['и', 'ь'];

/** Whether `code` is a lower-case letter of the Cyrillic block. */
export function isCyrillicLetter(code: number): boolean {
  return code >= 0x0430 && code <= 0x045f;
}

/**
 * Case endings of nouns and adjectives, longest first; one is stripped. Verb endings that
 * end in a consonant ("-ет", "-ут", "-ат") are not: they are as often the end of a noun's
 * stem ("бюджет", "институт", "формат"), and stripping them parts "бюджет" from
 * "бюджета". Past-tense forms meet without them ("основал", "основала", "основали").
 * With the verb endings ("-ает", "-ить", "-ет", "-ал" and their like) XQuAD ru dev kept
 * 99.0 / 95.9 / 85.5% at 2x / 4x / 10x against 98.9 / 95.8 / 85.6%: not taken.
 */
const ENDINGS = [
  'ями',
  'ами',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ый',
  'ий',
  'ой',
  'ей',
  'ую',
  'юю',
  'ою',
  'ею',
  'ым',
  'им',
  'ых',
  'их',
  'ов',
  'ев',
  'ам',
  'ям',
  'ах',
  'ях',
  'ом',
  'ем',
  'а',
  'я',
  'о',
  'е',
  'у',
  'ю',
  'ы',
  'и',
  'ь',
  'й',
];

/**
 * What is left must keep `MIN_ROOT` letters and a vowel: "год" (year) stays "год" (four
 * letters joined fewer forms, word-endings.ts).
 */
const keepsRoot = rootWithVowel(VOWEL);

/** The light stem of a lower-cased word in Cyrillic letters. */
export function russianStem(word: string): string {
  if (!RUSSIAN_WORD.test(word)) return word;
  // The reflexive ending: "родился" (was born) meets "родил".
  let result = stripEnding(word.replace(/ё/g, 'е'), REFLEXIVE, keepsRoot);
  result = stripEnding(result, ENDINGS, keepsRoot);
  // The "и" or soft sign before an ending: "России", "Россия" and "Россией" meet at
  // "росс", "статья" and "статьях" at "стат".
  result = stripEnding(result, BEFORE_ENDING, keepsRoot);
  // A participle's doubled "н": "основанный" meets "основан".
  if (result.endsWith('нн')) result = result.slice(0, -1);
  return result;
}

/**
 * Function and question words of Russian: they carry no weight, read after stemming
 * ("какой", "какая" and "каком" are one stem). XQuAD ru dev, 2x / 4x / 10x, with the
 * stemmer: 98.4 / 94.8 / 85.3% without the list, 98.9 / 95.8 / 85.6% with it.
 */
export const RUSSIAN_STOP_WORDS = (
  'в во на и с со к ко по о об обо от из за до у не ни что чем как какой какая какое какие ' +
  'каким каких каком какую кто кого кому где когда куда откуда сколько почему зачем чей чья ' +
  'чьи это этот эта эти этого этой этом этих тот та то те того той тех был была было были ' +
  'быть есть является являлся являлась являются его ее её их он она оно они а но или же ли ' +
  'бы для при под над без через между также ещё уже который которая которое которые ' +
  'которого которой котором которых которую которым каков именно'
).split(' ');

import { SCRIPT_SAMPLE_CHARACTERS } from './text-case.ts';

/**
 * The language a text's words are read in where their script alone does not tell it:
 * Turkish or Vietnamese among texts in the Latin script. Other texts (undefined) keep the
 * rules a word's script picks (terms.ts).
 */
export type WordLanguage = 'tr' | 'vi' | undefined;

/**
 * The end of the Latin script's main blocks (Basic Latin to Latin Extended-B): the letters
 * counted as Latin here, and the words terms.ts reads by a Latin-script language's rules.
 */
export const LATIN_END = 0x0250;

/**
 * Turkish by the letters only it writes among the languages of the Latin script (Azerbaijani
 * aside): the dotless ı, the dotted İ and ğ, about one letter in sixteen of Turkish prose.
 * At least one letter in 50: a Turkish name or two in another language's text ("Ağrı" in a
 * German one) stays far under that, and Romanian's ş, which Turkish shares, is not counted.
 * With any such letter enough, turkish-terms.test.ts fails (a Turkish name makes a text Turkish).
 * The Latin script must be the text's main one: a Turkish name in an Arabic or Thai text
 * among a few English words is not a Turkish text.
 *
 * Vietnamese by the letters only it writes: đ, ơ, ư, the letters with a tone mark of the
 * Latin Extended Additional block (U+1EA0 to U+1EF9: ả, ạ, ế, ộ, ữ...) and, in text written
 * decomposed, the hook above, the horn and the dot below. Nearly every Vietnamese syllable
 * carries one (one Latin letter in 6 to 4 of the Vietnamese Wikipedia dev contexts); at
 * least one in 20, where every other dev context stays under one in 200 (a Vietnamese name
 * in an English, German or Spanish text). Romanian's ă, which Vietnamese shares, is not
 * counted. With any such letter enough, vietnamese-terms.test.ts fails (a Vietnamese name
 * makes a text Vietnamese). As for Turkish, the Latin script must be the text's main one.
 * Reads at most the first SCRIPT_SAMPLE_CHARACTERS (text-case.ts).
 */
export function languageOf(text: string): WordLanguage {
  let latin = 0;
  let turkish = 0;
  let vietnamese = 0;
  // The tone letters of U+1EA0 on: Latin for the Vietnamese test, another script for the
  // Turkish one (as every letter from U+0370 is).
  let toneLetters = 0;
  let other = 0;
  const end = Math.min(text.length, SCRIPT_SAMPLE_CHARACTERS);
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      if ((code | 0x20) >= 97 && (code | 0x20) <= 122) latin++;
    } else if (code >= 0xc0 && code < LATIN_END) {
      latin++;
      if (code === 0x0131 || code === 0x0130 || code === 0x011f || code === 0x011e) turkish++;
      else if (isVietnameseLetter(code)) vietnamese++;
    } else if (code >= 0x1ea0 && code <= 0x1ef9) toneLetters++;
    else if (code === 0x0309 || code === 0x031b || code === 0x0323) vietnamese++;
    else if ((code >= 0x0370 && code < 0x2000) || (code >= 0x3040 && code < 0xd800)) other++;
  }
  if (turkish > 0 && turkish * 50 >= latin && latin > other + toneLetters) return 'tr';
  vietnamese += toneLetters;
  latin += toneLetters;
  return vietnamese > 0 && vietnamese * 20 >= latin && latin > other ? 'vi' : undefined;
}

/** đ, ơ and ư, lower or upper case: letters of the Latin script only Vietnamese writes. */
function isVietnameseLetter(code: number): boolean {
  return (
    code === 0x0111 ||
    code === 0x0110 ||
    code === 0x01a1 ||
    code === 0x01a0 ||
    code === 0x01b0 ||
    code === 0x01af
  );
}

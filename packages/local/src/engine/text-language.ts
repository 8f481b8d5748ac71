import { SCRIPT_SAMPLE_CHARACTERS } from './text-case.ts';

/**
 * The language a text's words are read in where their script alone does not tell it:
 * Turkish among texts in the Latin script. Other texts (undefined) keep the rules a
 * word's script picks (terms.ts).
 */
export type WordLanguage = 'tr' | undefined;

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
 * The Latin script must be the text's main one: a Turkish name in an Arabic or Thai text
 * among a few English words is not a Turkish text. Reads at most the first
 * SCRIPT_SAMPLE_CHARACTERS (text-case.ts).
 */
export function languageOf(text: string): WordLanguage {
  let latin = 0;
  let turkish = 0;
  let other = 0;
  const end = Math.min(text.length, SCRIPT_SAMPLE_CHARACTERS);
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      if ((code | 0x20) >= 97 && (code | 0x20) <= 122) latin++;
    } else if (code >= 0xc0 && code < LATIN_END) {
      latin++;
      if (code === 0x0131 || code === 0x0130 || code === 0x011f || code === 0x011e) turkish++;
    } else if ((code >= 0x0370 && code < 0x2000) || (code >= 0x3040 && code < 0xd800)) other++;
  }
  return turkish > 0 && turkish * 50 >= latin && latin > other ? 'tr' : undefined;
}

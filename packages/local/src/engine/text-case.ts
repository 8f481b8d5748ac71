/**
 * The characters at the start of a text read to tell its case, its scripts and its
 * language (here and in text-language.ts): a long text's opening tells these as its whole
 * does, and reading no further keeps the cost bounded on any input.
 */
export const SCRIPT_SAMPLE_CHARACTERS = 50_000;

/**
 * Whether a text marks names and sentence starts with capitals: at least one letter in
 * 200 is a capital (English prose has several in 100; a text lower-cased by a pipeline,
 * or a transcript, has next to none). Reads at most the first SCRIPT_SAMPLE_CHARACTERS.
 */
export function isCased(text: string): boolean {
  let letters = 0;
  let capitals = 0;
  const end = Math.min(text.length, SCRIPT_SAMPLE_CHARACTERS);
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code >= 97 && code <= 122) letters++;
    else if (code >= 65 && code <= 90) {
      letters++;
      capitals++;
    }
  }
  return letters > 0 && capitals * 200 >= letters;
}

/** Whether a character code is a letter of a script without capitals, by block. */
function isCaselessLetter(code: number): boolean {
  return (
    (code >= 0x05d0 && code <= 0x05ea) || // Hebrew
    (code >= 0x0620 && code <= 0x06ff) || // Arabic
    (code >= 0x0900 && code <= 0x0eff) || // the scripts of India, Thai, Lao
    (code >= 0x1000 && code <= 0x109f) || // Myanmar
    (code >= 0x1780 && code <= 0x17ff) || // Khmer
    (code >= 0x3040 && code <= 0x30ff) || // kana
    (code >= 0x3400 && code <= 0x9fff) || // Chinese characters
    (code >= 0xac00 && code <= 0xd7af) // Hangul syllables
  );
}

/**
 * Whether most of a text's letters belong to scripts without capitals (Arabic, Chinese,
 * Japanese, Korean, Thai, Hindi, Hebrew...): such a text marks no name with a capital,
 * and is not a lower-cased text either. Reads at most the first SCRIPT_SAMPLE_CHARACTERS.
 */
export function isCaseless(text: string): boolean {
  let cased = 0;
  let caseless = 0;
  const end = Math.min(text.length, SCRIPT_SAMPLE_CHARACTERS);
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      if ((code | 0x20) >= 97 && (code | 0x20) <= 122) cased++;
    } else if (code <= 0x058f) {
      // Latin with accents, Greek, Cyrillic, Armenian (and a few signs among them).
      if (code >= 0xc0) cased++;
    } else if (isCaselessLetter(code)) caseless++;
  }
  return caseless > cased;
}

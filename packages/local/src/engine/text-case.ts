/**
 * The characters at the start of a text read to tell its case, its scripts and its
 * language (here and in text-language.ts): a long text's opening tells these as its whole
 * does, and reading no further keeps the cost bounded on any input.
 */
export const SCRIPT_SAMPLE_CHARACTERS = 50_000;

/**
 * Whether a text marks names and sentence starts with capitals: at least one letter in
 * 200 is a capital (English prose has several in 100; a text lower-cased by a pipeline,
 * or a transcript, has next to none). Latin, Greek and Cyrillic letters are counted (a
 * Russian text read as uncased let every word of its best units bridge; dev, XQuAD ru,
 * 2x / 4x / 10x: 98.9 / 95.4 / 85.3 to 98.9 / 95.6 / 85.5%). Cased with any capital
 * (whole dev, 2026-11-26): multi-hop, lower-cased with a few capitals left, 100 / 98 / 74
 * -> 100 / 80 / 54%; no other set moves. Reads at most the first SCRIPT_SAMPLE_CHARACTERS.
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
    } else if (code >= 0x386 && code <= 0x45f) {
      // Greek and Cyrillic: a Russian or Greek text marks names with capitals too.
      if (isSmallGreekOrCyrillic(code)) letters++;
      else if (isCapitalGreekOrCyrillic(code)) {
        letters++;
        capitals++;
      }
    }
  }
  return letters > 0 && capitals * 200 >= letters;
}

/** Α to Ω with the accented capitals, and Ѐ to Я. */
function isCapitalGreekOrCyrillic(code: number): boolean {
  return (
    (code >= 0x386 && code <= 0x3ab && code !== 0x387 && code !== 0x38b && code !== 0x38d) ||
    (code >= 0x400 && code <= 0x42f)
  );
}

/** ά to ώ, and а to џ. */
function isSmallGreekOrCyrillic(code: number): boolean {
  return (code >= 0x3ac && code <= 0x3ce) || (code >= 0x430 && code <= 0x45f);
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

/** Length of every vector `embed` returns. */
export const EMBEDDING_DIMENSIONS = 1024;

// Function words carry no topic; leaving them in would make every chunk look alike.
const stopWords = new Set(
  (
    'a an and are as at be been but by can could did do does each for from had has have how ' +
    'if in into is it its may must no not of on or our should so than that the their them ' +
    'then there these they this those to up was we were what when where which who why will ' +
    'with would you your all any also per'
  ).split(' '),
);

/** Lower-cased words and numbers, stop words removed, a plural `s` folded away. */
function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => !stopWords.has(word))
    .map((word) =>
      word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word,
    );
}

/** 32-bit FNV-1a: fast, stable across runs and platforms. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A deterministic lexical embedding: hashed bag of words and word pairs, sublinear term
 * frequency (1 + ln tf), signed hashing so collisions cancel rather than pile up, and L2
 * normalisation so a dot product is a cosine. It needs no model and no network, which is
 * what lets the examples run offline; it matches words, not meanings.
 */
export function embed(text: string): number[] {
  const words = terms(text);
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  for (let index = 0; index < words.length; index++) {
    add(words[index]!);
    // Pairs keep phrases such as "minimum fill" or "lost bike" apart from their words.
    if (index > 0) add(`${words[index - 1]} ${words[index]}`);
  }
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const sign = hash & 0x8000_0000 ? -1 : 1;
    vector[hash % EMBEDDING_DIMENSIONS]! += sign * (1 + Math.log(count));
  }
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/**
 * BM25 ranking of whole texts against a question (k1 1.2, b 0.75), the retrieval
 * baseline of the quality suite and the labeller of the dialogue set.
 */
const STOP = new Set(
  (
    'a an and are as at be by for from has he in is it its of on or that the to was were will ' +
    'with what who when where which how did does do i me my you your we our this there'
  ).split(' '),
);

/** Letters of scripts written without spaces between words: Thai, Lao, Khmer, CJK. */
const UNSPACED =
  /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/u;
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

export function bm25Words(text: string): string[] {
  const words: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    if (!UNSPACED.test(word)) {
      if (!STOP.has(word)) words.push(word);
      continue;
    }
    // A run of such letters is a clause: cut it into words.
    for (const piece of segmenter.segment(word)) if (piece.isWordLike) words.push(piece.segment);
  }
  return words;
}

/** Indexes of `documents`, best first; ties keep document order. */
export function bm25Rank(documents: readonly string[], query: string): number[] {
  const tokenized = documents.map(bm25Words);
  const average =
    tokenized.reduce((sum, document) => sum + document.length, 0) / Math.max(1, tokenized.length);
  const frequency = new Map<string, number>();
  for (const document of tokenized) {
    for (const word of new Set(document)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const terms = [...new Set(bm25Words(query))];
  const scores = tokenized.map((document) => {
    const counts = new Map<string, number>();
    for (const word of document) counts.set(word, (counts.get(word) ?? 0) + 1);
    let score = 0;
    for (const term of terms) {
      const count = counts.get(term) ?? 0;
      if (count === 0) continue;
      const containing = frequency.get(term) ?? 0;
      const idf = Math.log(1 + (tokenized.length - containing + 0.5) / (containing + 0.5));
      const norm = 1.2 * (1 - 0.75 + (0.75 * document.length) / Math.max(1, average));
      score += (idf * count * 2.2) / (count + norm);
    }
    return score;
  });
  return scores.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

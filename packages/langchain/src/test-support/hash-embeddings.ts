import { Embeddings } from '@langchain/core/embeddings';

const DIMENSIONS = 64;

/**
 * A deterministic bag-of-words embedding: each lower-cased word adds 1 to a slot chosen
 * by a small string hash, then the vector is normalized. Texts sharing words end up close.
 */
export class HashEmbeddings extends Embeddings {
  constructor() {
    super({});
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map(embed);
  }

  async embedQuery(text: string): Promise<number[]> {
    return embed(text);
  }
}

function embed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 0;
    for (const character of word) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
    vector[hash % DIMENSIONS]! += 1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

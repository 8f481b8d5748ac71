import { EMBEDDING_DIMENSIONS, embed } from '@ctxopt-examples/corpus';
import { Embeddings } from '@langchain/core/embeddings';

/**
 * LangChain's `Embeddings` over the corpus package's lexical embedding: hashed words and
 * word pairs, no model, no network, the same vector on every run. Swap in any real
 * embeddings class (such as `OpenAIEmbeddings`) for semantic retrieval.
 */
export class LexicalEmbeddings extends Embeddings {
  readonly dimensions = EMBEDDING_DIMENSIONS;

  constructor() {
    super({});
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => embed(text));
  }

  async embedQuery(text: string): Promise<number[]> {
    return embed(text);
  }
}

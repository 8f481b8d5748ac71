import type { CorpusDocument } from '@ctxopt-examples/corpus';
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { LexicalEmbeddings } from './lexical-embeddings.ts';

/** How the handbook is cut: markdown-aware separators, about a paragraph per chunk. */
export interface IndexOptions {
  /** Characters per chunk. @default 1500 */
  chunkSize?: number;
  /** Characters repeated between neighbouring chunks. @default 150 */
  chunkOverlap?: number;
}

export interface HandbookIndex {
  vectorStore: MemoryVectorStore;
  chunkCount: number;
}

/** Splits every document and indexes the chunks in memory, each headed by its source title. */
export async function buildIndex(
  documents: CorpusDocument[],
  options: IndexOptions = {},
): Promise<HandbookIndex> {
  const splitter = RecursiveCharacterTextSplitter.fromLanguage('markdown', {
    chunkSize: options.chunkSize ?? 1500,
    chunkOverlap: options.chunkOverlap ?? 150,
  });
  const chunks = [];
  for (const document of documents) {
    // The header keeps the source visible after the chunks are joined for compression.
    const pieces = await splitter.createDocuments(
      [document.text],
      [{ source: document.id, title: document.title }],
      { chunkHeader: `[${document.title}]\n` },
    );
    chunks.push(...pieces);
  }
  const vectorStore = await MemoryVectorStore.fromDocuments(chunks, new LexicalEmbeddings());
  return { vectorStore, chunkCount: chunks.length };
}

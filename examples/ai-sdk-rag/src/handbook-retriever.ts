import { type CorpusDocument, embed } from '@ctxopt-examples/corpus';
import { cosineSimilarity } from 'ai';

interface Section {
  text: string;
  vector: number[];
}

export interface HandbookRetriever {
  /** How many sections are indexed. */
  readonly size: number;
  /** The `k` sections closest to the question, joined, each headed by its source. */
  search(question: string, k?: number): string;
}

/** Cuts a document at its `## ` headings; each piece keeps the document title as a header. */
function sectionsOf(document: CorpusDocument): string[] {
  const [intro = '', ...rest] = document.text.split(/\n(?=## )/);
  return [intro, ...rest]
    .map((section) => section.replace(/^# .*\n/, '').trim())
    .filter((section) => section.length > 0)
    .map((section) => `[${document.title}]\n${section}`);
}

/**
 * A small in-memory retriever: markdown sections, the corpus package's lexical
 * embedding, and the AI SDK's `cosineSimilarity` for ranking.
 */
export function createHandbookRetriever(documents: CorpusDocument[]): HandbookRetriever {
  const sections: Section[] = documents
    .flatMap(sectionsOf)
    .map((text) => ({ text, vector: embed(text) }));
  return {
    size: sections.length,
    search(question, k = 20) {
      const query = embed(question);
      return sections
        .map((section) => ({ section, score: cosineSimilarity(query, section.vector) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, k)
        .map(({ section }) => section.text)
        .join('\n\n---\n\n');
    },
  };
}

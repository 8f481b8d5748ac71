import { demoQuestions, EMBEDDING_DIMENSIONS, embed, loadCorpus } from '@ctxopt-examples/corpus';
import { describe, expect, it } from 'vitest';

const dot = (a: number[], b: number[]) =>
  a.reduce((sum, value, index) => sum + value * b[index]!, 0);

describe('the handbook corpus', () => {
  it('ships 30 to 40 titled markdown documents of 300 to 700 words, with sections and tables', async () => {
    const documents = await loadCorpus();
    expect(documents.length).toBeGreaterThanOrEqual(30);
    expect(documents.length).toBeLessThanOrEqual(40);
    expect(new Set(documents.map((document) => document.id)).size).toBe(documents.length);
    for (const document of documents) {
      const words = document.text.match(/[\p{L}\p{N}]+/gu) ?? [];
      expect(words.length, document.id).toBeGreaterThanOrEqual(300);
      expect(words.length, document.id).toBeLessThanOrEqual(700);
      expect(document.text.startsWith(`# ${document.title}\n`), document.id).toBe(true);
      expect(document.text, document.id).toMatch(/^## /m);
    }
    const withTables = documents.filter((document) => /^\|.+\|$/m.test(document.text));
    expect(withTables.length).toBeGreaterThan(documents.length / 2);
  });

  it('loads the documents in the same order every time', async () => {
    const first = await loadCorpus();
    const second = await loadCorpus();
    expect(second.map((document) => document.id)).toEqual(first.map((document) => document.id));
  });

  it('names an existing source document for every demo question', async () => {
    const ids = new Set((await loadCorpus()).map((document) => document.id));
    expect(demoQuestions.length).toBeGreaterThanOrEqual(4);
    expect(demoQuestions.length).toBeLessThanOrEqual(6);
    for (const entry of demoQuestions) expect(ids).toContain(entry.sourceId);
  });
});

describe('the lexical embedding', () => {
  it('returns the same unit-length vector of the declared size for the same text', () => {
    const vector = embed('Brake pads are replaced at 1.5 mm.');
    expect(vector).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(embed('Brake pads are replaced at 1.5 mm.')).toEqual(vector);
    expect(Math.hypot(...vector)).toBeCloseTo(1, 10);
  });

  it('returns a zero vector for text with no words', () => {
    expect(embed(' --- ').every((value) => value === 0)).toBe(true);
  });

  it('places texts that share words closer than texts that do not', () => {
    const query = embed('minimum brake pad thickness');
    const related = embed('The minimum pad thickness for disc brakes is 1.5 mm.');
    const unrelated = embed('Day passes are sold at the kiosk for twelve dollars.');
    expect(dot(query, related)).toBeGreaterThan(dot(query, unrelated));
    expect(dot(query, unrelated)).toBeLessThan(0.2);
  });

  it('ranks the source document of each demo question among the three closest documents', async () => {
    const documents = await loadCorpus();
    const vectors = documents.map((document) => embed(document.text));
    for (const entry of demoQuestions) {
      const query = embed(entry.question);
      const ranked = documents
        .map((document, index) => ({ id: document.id, score: dot(query, vectors[index]!) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, 3)
        .map((hit) => hit.id);
      expect(ranked, entry.question).toContain(entry.sourceId);
    }
  });
});

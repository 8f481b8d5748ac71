import type { CompressParams } from '@ctxopt/core';

/**
 * An embedding function: one vector per text, in order, as the AI SDK's `embedMany`
 * (`(await embedMany({ model, values: texts })).embeddings`) and LangChain's
 * `Embeddings.embedDocuments(texts)` return them.
 */
export type Embed = (texts: string[]) => Promise<number[][]>;

/** Throws the error of a broken `embed` option, naming it and the rule. */
export function checkEmbedOption(embed: unknown): Embed | undefined {
  if (embed === undefined) return undefined;
  if (typeof embed !== 'function') {
    throw new TypeError(
      'embed must be a function (texts: string[]) => Promise<number[][]>, or left out.',
    );
  }
  return embed as Embed;
}

/** The cosine of two vectors of the same length; 0 when either is all zeros. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let at = 0; at < a.length; at++) {
    dot += a[at]! * b[at]!;
    normA += a[at]! * a[at]!;
    normB += b[at]! * b[at]!;
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}

/**
 * The cosine similarity of each message of a conversation to the query, by `embed`
 * (one call: the query, then every message's content), or undefined when the request
 * is no conversation with a query, the only case the engine reads it in. An answer of
 * the wrong shape throws an error that says which rule it broke.
 */
export async function messageSimilarity(
  params: CompressParams,
  embed: Embed,
): Promise<number[] | undefined> {
  const query = params.query?.trim() ?? '';
  if (typeof params.context === 'string' || params.context.length < 2 || query.length === 0) {
    return undefined;
  }
  const texts = [query, ...params.context.map((message) => message.content)];
  const vectors = await embed(texts);
  if (!Array.isArray(vectors) || vectors.length !== texts.length) {
    throw new TypeError(
      `embed must resolve to one vector per text: it was given ${texts.length} texts and returned ${Array.isArray(vectors) ? vectors.length : typeof vectors}.`,
    );
  }
  const size = Array.isArray(vectors[0]) ? vectors[0].length : 0;
  for (const [at, vector] of vectors.entries()) {
    if (
      !Array.isArray(vector) ||
      vector.length === 0 ||
      vector.length !== size ||
      !vector.every(Number.isFinite)
    ) {
      throw new TypeError(
        `embed must resolve to vectors of finite numbers, all of one length: vector ${at} is not.`,
      );
    }
  }
  const question = vectors[0]!;
  return vectors.slice(1).map((vector) => cosine(question, vector));
}

import { APIUserAbortError, type CompressParams } from '@ctxopt/core';
import type { Embed, EmbedConfig } from './embed-settings.ts';

/**
 * Magnitudes between which a vector's squares, their sums and the product of two such
 * sums stay finite and keep their precision (2^-800 to 2^880 for vectors of up to 2^40
 * entries); a vector whose largest entry lies outside is divided by that entry first.
 */
const LARGEST_SAFE = 2 ** 200;
const SMALLEST_SAFE = 2 ** -200;

function largestMagnitude(vector: ArrayLike<number>): number {
  let largest = 0;
  for (let at = 0; at < vector.length; at++) largest = Math.max(largest, Math.abs(vector[at]!));
  return largest;
}

/**
 * The cosine of two vectors of the same length, within [-1, 1]; 0 when either is all
 * zeros. Entries near the limits of a double (1e300, 1e-320) are scaled first, so the
 * squares neither overflow to Infinity nor vanish to 0.
 */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const largestA = largestMagnitude(a);
  const largestB = largestMagnitude(b);
  if (!(largestA > 0 && largestB > 0)) return 0;
  // Division by 1 is exact: vectors of ordinary magnitude give the same figures as unscaled.
  const scaleA = largestA > LARGEST_SAFE || largestA < SMALLEST_SAFE ? largestA : 1;
  const scaleB = largestB > LARGEST_SAFE || largestB < SMALLEST_SAFE ? largestB : 1;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let at = 0; at < a.length; at++) {
    const x = a[at]! / scaleA;
    const y = b[at]! / scaleB;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (!(normA > 0 && normB > 0)) return 0;
  return Math.max(-1, Math.min(1, dot / Math.sqrt(normA * normB)));
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
  const texts = embeddedTexts(params);
  if (!texts) return undefined;
  const vectors: unknown = await embed(texts);
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
      !allFinite(vector)
    ) {
      throw new TypeError(
        `embed must resolve to vectors of finite numbers, all of one length: vector ${at} is not.`,
      );
    }
  }
  const question = vectors[0] as number[];
  return vectors.slice(1).map((vector: number[]) => cosine(question, vector));
}

/** Whether every entry is a finite number: a hole of a sparse array counts as none. */
function allFinite(vector: unknown[]): boolean {
  for (let at = 0; at < vector.length; at++) {
    if (!Number.isFinite(vector[at])) return false;
  }
  return true;
}

/** The texts to embed (the query, then every message's content), or undefined when none are. */
function embeddedTexts(params: CompressParams): string[] | undefined {
  const query = params.query?.trim() ?? '';
  if (typeof params.context === 'string' || params.context.length < 2 || query.length === 0) {
    return undefined;
  }
  return [query, ...params.context.map((message) => message.content)];
}

/** What the wait for an embedder rejects with when the call's signal fires: no embedder failure. */
const ABORTED = Symbol('aborted');

/**
 * `messageSimilarity` as every caller runs it, `startEmulator` and `LocalContextOptimizer`
 * alike: an embedder that throws, rejects, takes longer than its `timeoutMs` or answers
 * in the wrong shape is reported to `onError` and gives undefined, so the call is
 * compressed by words alone. The embedder is a help to the ranking, never a reason for a
 * request to fail. Rejects only with `APIUserAbortError`, when `signal` fires (the caller
 * gave up, the emulator is closing) while the embedder runs: nothing waits for it then.
 */
export async function similarityOrWords(
  params: CompressParams,
  config: EmbedConfig,
  signal?: AbortSignal,
): Promise<number[] | undefined> {
  if (!embeddedTexts(params)) return undefined;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `embed did not answer within ${config.timeoutMs} ms (embedTimeoutMs); the call was compressed by words alone.`,
          ),
        ),
      config.timeoutMs,
    );
    if (!signal) return;
    onAbort = () => reject(ABORTED);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([messageSimilarity(params, config.embed), stopped]);
  } catch (error) {
    if (error === ABORTED) throw new APIUserAbortError();
    try {
      config.onError?.(error);
    } catch {
      // A failing report must not fail the call it reports on.
    }
    return undefined;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

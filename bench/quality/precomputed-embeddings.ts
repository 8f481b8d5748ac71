import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cosine } from '../../packages/local/src/emulator/message-similarity.ts';

/**
 * Sentence embeddings computed ahead of a quality run (use-lite-embeddings.mjs writes
 * them: `texts.json`, the texts, and `vectors.bin`, their float32 vectors one after
 * another), so that `--embeddings DIR` measures the engine's `messageSimilarity` option
 * with a real embedder without running it inside the loop.
 */
export function loadEmbeddings(folder: string): Map<string, Float32Array> {
  const texts = JSON.parse(readFileSync(join(folder, 'texts.json'), 'utf8')) as string[];
  const raw = readFileSync(join(folder, 'vectors.bin'));
  const vectors = new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
  const size = vectors.length / texts.length;
  return new Map(
    texts.map((text, at) => [text, vectors.subarray(at * size, (at + 1) * size)] as const),
  );
}

/** The engine option for a conversation with a query, as `LocalContextOptimizer`'s `embed` makes it. */
export function similarityOption(
  embeddings: Map<string, Float32Array> | undefined,
  params: { context: string | { content: string }[]; query?: string },
): { messageSimilarity?: number[] } {
  const query = params.query?.trim();
  if (!embeddings || !query || typeof params.context === 'string') return {};
  const question = embeddings.get(query) ?? embeddings.get(params.query!);
  if (!question) throw new Error(`no embedding for the question ${JSON.stringify(query)}`);
  return {
    messageSimilarity: params.context.map((message) => {
      const vector = embeddings.get(message.content);
      if (!vector) throw new Error(`no embedding for ${JSON.stringify(message.content)}`);
      return cosine(question, vector);
    }),
  };
}

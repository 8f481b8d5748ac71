// The public types as a TypeScript user meets them, checked by tsc with moduleResolution
// nodenext and bundler. Each `@ts-expect-error` line must stay an error.

import { contextOptimizerMiddleware, createContextOptimizer } from '@ctxopt/ai-sdk';
import {
  APIError,
  BadRequestError,
  type CompressParams,
  ContextOptimizerClient,
  type GenerateParams,
  type InternalServerError,
  isRetryableError,
  RateLimitError,
} from '@ctxopt/core';
import {
  contextOptimizerMiddleware as agentMiddleware,
  ChatContextOptimizer,
  type CompressionSummary,
  ContextOptimizerCompressor,
  ContextOptimizerRunnable,
  type GenerateResponseMetadata,
} from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { Document } from '@langchain/core/documents';

// Error classes are named classes: types of their own, `instanceof`, narrowing isInstance.
declare const caught: unknown;
if (RateLimitError.isInstance(caught)) {
  const status: number | undefined = caught.status;
  const name: 'RateLimitError' = caught.name;
  void [status, name];
}
const badRequest: BadRequestError = new BadRequestError('bad', {
  status: 400,
  code: 'invalid_request',
  requestId: undefined,
  headers: {},
});
// @ts-expect-error a BadRequestError is not an InternalServerError
const notInternal: InternalServerError = badRequest;
const generated: APIError = APIError.generate(503, 'overloaded', {
  code: undefined,
  requestId: undefined,
  headers: {},
});
const retryable: boolean = isRetryableError(generated) && generated instanceof APIError;

// `level` and `mode` are exclusive, in the request bodies and in every option type.
const levelOnly: CompressParams = { context: 'x', level: 'low' };
const modeOnly: CompressParams = { context: 'x', mode: 'balanced' };
// @ts-expect-error level and mode together
const both: CompressParams = { context: 'x', level: 'low', mode: 'balanced' };
const generate: GenerateParams = { context: 'x', provider: 'openai', model: 'm', level: 'auto' };
// @ts-expect-error level and mode together
const generateBoth: GenerateParams = { ...generate, mode: 'aggressive' };
const client = new ContextOptimizerClient({ apiKey: 'key', baseURL: 'http://127.0.0.1:1' });
// @ts-expect-error level and mode together
void client.compress({ context: 'x', level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
void new LocalContextOptimizer().compress({ context: 'x', level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
new ContextOptimizerCompressor({ level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
new ChatContextOptimizer({ provider: 'openai', model: 'm', level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
new ContextOptimizerRunnable({ level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
agentMiddleware({ level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
contextOptimizerMiddleware({ level: 'low', mode: 'balanced' });
// @ts-expect-error level and mode together
createContextOptimizer({ level: 'low', mode: 'balanced' });
const compressor = new ContextOptimizerCompressor({ level: 'standard' });
contextOptimizerMiddleware({ mode: 'balanced', minTokens: 0 });

// A chat answer's response_metadata casts to its documented type directly.
const model = new ChatContextOptimizer({ provider: 'openai', model: 'gpt-4o-mini' });
const answer = await model.invoke('Summarise the refund policy.');
const metadata = answer.response_metadata as GenerateResponseMetadata;
const savedTokens: number = metadata.ctxopt.savedTokens;

// A compressed document's metadata.ctxopt is typed, not any.
const documents = await compressor.compressDocuments([new Document({ pageContent: 'x' })], 'q');
const figures: CompressionSummary | undefined = documents[0]?.metadata.ctxopt;
// @ts-expect-error the figures are not a string
const notText: string = documents[0]?.metadata.ctxopt;
const source: unknown = documents[0]?.metadata.source;

export const used = [
  notInternal,
  retryable,
  levelOnly,
  modeOnly,
  both,
  generateBoth,
  savedTokens,
  figures,
  notText,
  source,
];

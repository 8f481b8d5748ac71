// Runs first: a clear error on a Node.js older than the packages support, before undici loads.
import '@ctxopt/core/node-version-guard';

export { RETRIEVE_TOOL_NAME } from '@ctxopt/core';
export {
  ChatContextOptimizer,
  type ChatContextOptimizerOptions,
} from './chat-context-optimizer.ts';
export { type CompressedMessageFactory, compressedHistoryMessage } from './compressed-message.ts';
export {
  ContextOptimizerCompressor,
  type ContextOptimizerCompressorOptions,
} from './context-optimizer-compressor.ts';
export {
  type ContextOptimizerMiddlewareOptions,
  CTXOPT_CONTEXT_KEY,
  contextOptimizerMiddleware,
  type ShadowFigures,
} from './context-optimizer-middleware.ts';
export {
  ContextOptimizerRunnable,
  type ContextOptimizerRunnableInput,
  type ContextOptimizerRunnableOptions,
} from './context-optimizer-runnable.ts';
export type { ConversationOptimizerOptions } from './conversation-options.ts';
export {
  type CtxoptErrorEvent,
  type CtxoptEventSource,
  type CtxoptUsageEvent,
  ERROR_EVENT,
  SHADOW_EVENT,
  USAGE_EVENT,
} from './ctxopt-events.ts';
export type { CompressedDocument, CompressedDocumentMetadata } from './document-compression.ts';
export type { GenerateResponseMetadata } from './generate-result.ts';
export type {
  CompressSettingsOptions,
  ContextOptimizerOptions,
  FailOpenOptions,
  OnError,
  OptimizerSourceOptions,
} from './optimizer-options.ts';
export { createRetrieveTool, type RetrieveToolOptions } from './retrieve-tool.ts';
export type { CompressionSummary } from './usage-summary.ts';

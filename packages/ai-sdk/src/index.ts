// Runs first: a clear error on a Node.js older than the packages support, before undici loads.
import '@ctxopt/core/node-version-guard';

export { RETRIEVE_TOOL_NAME } from '@ctxopt/core';
export { type ContextOptimizerCallOptions, CTXOPT_KEY } from './call-options.ts';
export { createCompressedMessage } from './compressed-message.ts';
export {
  type ContextOptimizerMiddleware,
  contextOptimizerMiddleware,
} from './context-optimizer-middleware.ts';
export {
  type ContextOptimizerProvider,
  type ContextOptimizerProviderSettings,
  createContextOptimizer,
  ctxopt,
} from './context-optimizer-provider.ts';
export type { ContextOptimizerMiddlewareOptions } from './middleware-options.ts';
export type { ContextOptimizerModelId } from './model-id.ts';
export type { OptimizerSourceOptions } from './optimizer-source.ts';
export { createRetrieveTool, type RetrieveToolOptions } from './retrieve-tool.ts';
export type { ContextOptimizerUsage, SkipReason } from './usage-metadata.ts';

import {
  type CompressionStore,
  guardStore,
  RETRIEVE_TOOL_DESCRIPTION,
  RETRIEVE_TOOL_INPUT_SCHEMA,
  RETRIEVE_TOOL_NAME,
  retrieveOriginal,
} from '@ctxopt/core';
import { tool } from '@langchain/core/tools';

export interface RetrieveToolOptions {
  /** The store the middleware or runnable keeps its compressions in (its `store` option). */
  store: CompressionStore;
}

/**
 * The `ctxopt_retrieve` tool for `createAgent`: the model asks for the original of a
 * compressed tool result by the handle printed after it, and gets it back from the store.
 *
 * @example
 * ```ts
 * const store = new MemoryCompressionStore();
 * const agent = createAgent({
 *   model,
 *   tools: [...tools, createRetrieveTool({ store })],
 *   middleware: [contextOptimizerMiddleware({ store })],
 * });
 * ```
 */
export function createRetrieveTool(options: RetrieveToolOptions) {
  const store = guardStore(options.store);
  return tool(async (input: { handle: string }) => retrieveOriginal(store, input.handle), {
    name: RETRIEVE_TOOL_NAME,
    description: RETRIEVE_TOOL_DESCRIPTION,
    schema: structuredClone(RETRIEVE_TOOL_INPUT_SCHEMA) as never,
  });
}

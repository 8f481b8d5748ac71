import {
  type CompressionStore,
  guardStore,
  RETRIEVE_TOOL_DESCRIPTION,
  RETRIEVE_TOOL_INPUT_SCHEMA,
  RETRIEVE_TOOL_NAME,
  retrieveOriginal,
} from '@ctxopt/core';
import { DynamicStructuredTool } from '@langchain/core/tools';
import type { JsonSchema7ObjectType } from '@langchain/core/utils/json_schema';

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
  // A structured tool built from its class, not `tool()`: the helper's overloads fall through
  // to a DynamicTool union for a JSON schema, which `createAgent`'s `tools` refuses.
  return new DynamicStructuredTool({
    name: RETRIEVE_TOOL_NAME,
    description: RETRIEVE_TOOL_DESCRIPTION,
    schema: structuredClone(RETRIEVE_TOOL_INPUT_SCHEMA) as unknown as JsonSchema7ObjectType,
    func: async (input: unknown) => retrieveOriginal(store, (input as { handle: string }).handle),
  });
}

import { jsonSchema, type Tool, tool } from '@ai-sdk/provider-utils';
import {
  type CompressionStore,
  guardStore,
  RETRIEVE_TOOL_DESCRIPTION,
  RETRIEVE_TOOL_INPUT_SCHEMA,
  retrieveOriginal,
} from '@ctxopt/core';

export interface RetrieveToolOptions {
  /** The store the middleware keeps its compressions in (its `store` option). */
  store: CompressionStore;
}

/**
 * The `ctxopt_retrieve` tool: the model asks for the original of a compressed tool result
 * by the handle printed after it, and gets it back from the store. Register it under
 * `RETRIEVE_TOOL_NAME`, the name the handle line gives.
 *
 * @example
 * ```ts
 * const store = new MemoryCompressionStore();
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: contextOptimizerMiddleware({ store }) });
 * await generateText({ model, messages, tools: { ...tools, [RETRIEVE_TOOL_NAME]: createRetrieveTool({ store }) } });
 * ```
 */
export function createRetrieveTool(options: RetrieveToolOptions): Tool<{ handle: string }, string> {
  const store = guardStore(options.store);
  return tool({
    description: RETRIEVE_TOOL_DESCRIPTION,
    inputSchema: jsonSchema<{ handle: string }>(
      structuredClone(RETRIEVE_TOOL_INPUT_SCHEMA) as never,
    ),
    execute: async ({ handle }) => retrieveOriginal(store, handle),
  });
}

import { jsonSchema, type Tool, tool } from '@ai-sdk/provider-utils';
import { createOriginalRetriever, type RetrieveToolOptions } from '@ctxopt/core';
import {
  handleError,
  isHandle,
  RETRIEVE_TOOL_DESCRIPTION,
  RETRIEVE_TOOL_INPUT_SCHEMA,
} from '@ctxopt/core/internal';
import { toPlannerMessages } from './planner-messages.ts';

export type { RetrieveToolOptions };

/** The tool's input once checked: a handle, or the short error a malformed one gets. */
interface RetrieveInput {
  handle: string;
  /** Set instead of a handle when the input broke the pattern: execute reports it, touching nothing. */
  invalid?: string;
}

/**
 * The `ctxopt_retrieve` tool: the model asks for the original of a compressed tool result
 * by the handle printed after it, and gets it back from the store, for this conversation
 * and scope only. Register it under `RETRIEVE_TOOL_NAME`, the name the handle line gives,
 * with the same `store`, `scope` and `storeSecret` (and the same `optimizer` or `apiKey`)
 * as the middleware.
 *
 * @example
 * ```ts
 * const store = new MemoryCompressionStore();
 * const model = wrapLanguageModel({ model: openai('gpt-4o-mini'), middleware: contextOptimizerMiddleware({ store }) });
 * await generateText({ model, messages, tools: { ...tools, [RETRIEVE_TOOL_NAME]: createRetrieveTool({ store }) } });
 * ```
 */
export function createRetrieveTool(options: RetrieveToolOptions): Tool<RetrieveInput, string> {
  const retrieve = createOriginalRetriever(options);
  return tool({
    description: RETRIEVE_TOOL_DESCRIPTION,
    inputSchema: jsonSchema<RetrieveInput>(structuredClone(RETRIEVE_TOOL_INPUT_SCHEMA) as never, {
      // Checked before execute. A failed validation would echo the whole input into the next
      // prompt (the SDK's message quotes it), so a bad handle passes as a short error instead.
      validate: (value) => {
        const handle = (value as { handle?: unknown } | null)?.handle;
        return {
          success: true,
          value: isHandle(handle)
            ? { handle }
            : { handle: '', invalid: handleError(handle).message },
        };
      },
    }),
    execute: async (input, { messages, abortSignal }) => {
      if (input.invalid !== undefined) throw new TypeError(input.invalid);
      return retrieve({
        handle: input.handle,
        // The conversation as the middleware saw it: the same mapping, the same first user message.
        messages: toPlannerMessages(
          messages
            .filter((message) => message.role === 'user')
            .slice(0, 1)
            .map((message) => ({
              role: 'user' as const,
              content:
                typeof message.content === 'string'
                  ? [{ type: 'text' as const, text: message.content }]
                  : message.content.flatMap((part) =>
                      part.type === 'text' ? [{ type: 'text' as const, text: part.text }] : [],
                    ),
            })),
        ),
        signal: abortSignal,
      });
    },
  });
}

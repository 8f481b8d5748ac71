import {
  createOriginalRetriever,
  RETRIEVE_TOOL_NAME,
  type RetrieveToolOptions,
} from '@ctxopt/core';
import {
  handleError,
  isHandle,
  RETRIEVE_TOOL_DESCRIPTION,
  RETRIEVE_TOOL_INPUT_SCHEMA,
} from '@ctxopt/core/internal';
import type { BaseMessage } from '@langchain/core/messages';
import { DynamicStructuredTool } from '@langchain/core/tools';
import type { JsonSchema7ObjectType } from '@langchain/core/utils/json_schema';
import { toPlannerMessages } from './message-mapping.ts';

export type { RetrieveToolOptions };

/** What `createAgent`'s tool node hands a tool beside its input (LangChain's `ToolRuntime`). */
interface ToolRuntimeLike {
  state?: { messages?: readonly BaseMessage[] };
  context?: unknown;
  configurable?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * The `ctxopt_retrieve` tool for `createAgent`: the model asks for the original of a
 * compressed tool result by the handle printed after it, and gets it back from the store,
 * for this conversation (the agent state's first user message) and scope only. Give it the
 * same `store`, `scope` and `storeSecret` (and the same `optimizer` or `apiKey`) as the
 * middleware; a per-call scope comes from `runtime.context.ctxopt.scope`, as the middleware's.
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
export function createRetrieveTool(options: RetrieveToolOptions): DynamicStructuredTool {
  const retrieve = createOriginalRetriever(options);
  // A structured tool built from its class, not `tool()`: the helper's overloads fall through
  // to a DynamicTool union for a JSON schema, which `createAgent`'s `tools` refuses.
  return new RetrieveTool({
    name: RETRIEVE_TOOL_NAME,
    description: RETRIEVE_TOOL_DESCRIPTION,
    schema: structuredClone(RETRIEVE_TOOL_INPUT_SCHEMA) as unknown as JsonSchema7ObjectType,
    func: async (input: unknown, _runManager, config) => {
      const runtime = (config ?? {}) as ToolRuntimeLike;
      const first = runtime.state?.messages?.find(
        (message) => toPlannerMessages([message])[0]?.role === 'user',
      );
      return retrieve({
        handle: (input as { handle?: unknown } | null)?.handle,
        messages: first ? toPlannerMessages([first]) : [],
        scope: perCallScope(runtime.context) ?? perCallScope(runtime.configurable),
        signal: runtime.signal,
      });
    },
  });
}

/** `ctxopt.scope` of the call's context, where the middleware reads its per-call options. */
function perCallScope(holder: unknown): string | undefined {
  const options = (holder as { ctxopt?: { scope?: unknown } } | undefined)?.ctxopt;
  return typeof options?.scope === 'string' ? options.scope : undefined;
}

/**
 * Checks the handle before anything else: LangChain's own schema check would quote the
 * whole input in its error (a 10 MB handle, into the next prompt); this error names the
 * rule and echoes a short prefix at most, and the store is never touched.
 */
class RetrieveTool extends DynamicStructuredTool {
  override async call(...args: Parameters<DynamicStructuredTool['call']>) {
    const [arg] = args;
    const input =
      typeof arg === 'object' && arg !== null && (arg as { type?: unknown }).type === 'tool_call'
        ? (arg as { args?: unknown }).args
        : arg;
    const handle = (input as { handle?: unknown } | null | undefined)?.handle;
    if (!isHandle(handle)) throw handleError(handle);
    return super.call(...args);
  }
}

import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { RETRIEVE_TOOL_NAME } from '@ctxopt/core';

/**
 * The call's tools, without `ctxopt_retrieve` unless `offered()` says so (core's
 * `RetrieveToolOffers`, asked only when the call has the tool) or the app forces it with
 * `toolChoice`. A call whose tools hold no retrieve tool keeps its own array.
 */
export function offeredTools(
  params: Pick<LanguageModelV4CallOptions, 'tools' | 'toolChoice'>,
  offered: () => boolean,
): LanguageModelV4CallOptions['tools'] {
  const { tools, toolChoice } = params;
  const isRetrieve = (tool: NonNullable<typeof tools>[number]) =>
    tool.type === 'function' && tool.name === RETRIEVE_TOOL_NAME;
  if (!tools?.some(isRetrieve)) return tools;
  if (toolChoice?.type === 'tool' && toolChoice.toolName === RETRIEVE_TOOL_NAME) return tools;
  return offered() ? tools : tools.filter((tool) => !isRetrieve(tool));
}

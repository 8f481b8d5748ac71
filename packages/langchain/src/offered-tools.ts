import { RETRIEVE_TOOL_NAME } from '@ctxopt/core';

/** A model request's tools and tool choice, as `createAgent` hands them to `wrapModelCall`. */
interface ToolsOfRequest<T> {
  tools: T[];
  toolChoice?: unknown;
}

const isRetrieve = (tool: unknown) =>
  (tool as { name?: unknown } | null)?.name === RETRIEVE_TOOL_NAME;

/**
 * The request's tools, without `ctxopt_retrieve` unless `offered()` says so (core's
 * `RetrieveToolOffers`, asked only when the request has the tool) or the app forces it with
 * `toolChoice`. A request whose tools hold no retrieve tool keeps its own array. The agent's
 * tool node still runs the tool if the model calls it anyway.
 */
export function offeredTools<T>(request: ToolsOfRequest<T>, offered: () => boolean): T[] {
  const { tools, toolChoice } = request;
  if (!tools.some(isRetrieve)) return tools;
  const forced = (toolChoice as { function?: { name?: unknown } } | undefined)?.function?.name;
  if (forced === RETRIEVE_TOOL_NAME || offered()) return tools;
  return tools.filter((tool) => !isRetrieve(tool));
}

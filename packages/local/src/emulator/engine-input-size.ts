import type { CompressParams } from '@ctxopt/core';

/**
 * The characters the engine reads of a request: every message's role and content (or
 * the context string) and the query. The engine tokenizes and scans all of them, so a
 * request is large by their sum: 4 MB of roles or of query cost the event loop as much
 * as 4 MB of content.
 */
export function engineInputSize(params: CompressParams): number {
  let size = params.query?.length ?? 0;
  if (typeof params.context === 'string') return size + params.context.length;
  for (const message of params.context) size += message.role.length + message.content.length;
  return size;
}

/** Only the fields the engine reads: a generate request's model or provider is no copy's business. */
export function engineInput(params: CompressParams): CompressParams {
  const { context, query, level, mode } = params;
  return {
    context,
    ...(query === undefined ? {} : { query }),
    ...(level === undefined ? {} : { level }),
    ...(mode === undefined ? {} : { mode }),
  } as CompressParams;
}

import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider';
import type { AppCacheMarks } from '@ctxopt/core';

/** Whether provider options carry an Anthropic cache mark (`@ai-sdk/anthropic` reads both spellings). */
export function hasCacheMark(options: SharedV4ProviderOptions | undefined): boolean {
  const anthropic = options?.anthropic as Record<string, unknown> | undefined;
  return anthropic?.cacheControl != null || anthropic?.cache_control != null;
}

/** A part's own mark: on the part, or on a tool result's output (`@ai-sdk/anthropic` reads both). */
function partMarked(part: { providerOptions?: SharedV4ProviderOptions; output?: unknown }) {
  if (hasCacheMark(part.providerOptions)) return true;
  const output = part.output as
    | { providerOptions?: SharedV4ProviderOptions; type?: string; value?: unknown }
    | undefined;
  if (output === undefined || output === null) return false;
  if (hasCacheMark(output.providerOptions)) return true;
  return (
    output.type === 'content' &&
    Array.isArray(output.value) &&
    (output.value as { providerOptions?: SharedV4ProviderOptions }[]).some((value) =>
      hasCacheMark(value.providerOptions),
    )
  );
}

/**
 * The breakpoints a message's own marks take, as `@ai-sdk/anthropic` places them: one per
 * marked part, and the message's mark on its last part unless that part has its own.
 */
function messageMarks(message: LanguageModelV4Message): { count: number; last: boolean } {
  const messageMark = hasCacheMark(message.providerOptions);
  if (typeof message.content === 'string') {
    return { count: messageMark ? 1 : 0, last: messageMark };
  }
  const parts = message.content as { providerOptions?: SharedV4ProviderOptions }[];
  let count = 0;
  let last = false;
  parts.forEach((part, index) => {
    const own = partMarked(part);
    const isLast = index === parts.length - 1;
    if (own || (isLast && messageMark)) {
      count++;
      if (isLast) last = true;
    }
  });
  return { count, last };
}

/**
 * The cache marks the app set on an AI SDK call itself: on its messages and their parts
 * (system messages included), on its tools, and on the call (`providerOptions.anthropic
 * .cacheControl`, Anthropic's automatic caching, which takes a breakpoint too).
 */
export function appCacheMarks(
  prompt: readonly LanguageModelV4Message[],
  call: Pick<LanguageModelV4CallOptions, 'tools' | 'providerOptions'> = {},
): AppCacheMarks {
  let count = hasCacheMark(call.providerOptions) ? 1 : 0;
  for (const tool of call.tools ?? []) {
    if ('providerOptions' in tool && hasCacheMark(tool.providerOptions)) count++;
  }
  const marked = new Set<number>();
  prompt.forEach((message, index) => {
    const marks = messageMarks(message);
    count += marks.count;
    if (marks.last) marked.add(index);
  });
  return { count, marked };
}

import type { AppCacheMarks } from '@ctxopt/core';
import type { BaseMessage } from '@langchain/core/messages';

type Block = Record<string, unknown>;

const isBlock = (value: unknown): value is Block => value !== null && typeof value === 'object';

/** The marks in a list of content blocks, blocks nested in a tool result included. */
function blockMarks(content: unknown): number {
  if (!Array.isArray(content)) return 0;
  return content.reduce<number>(
    (sum, block) =>
      isBlock(block)
        ? sum + (block.cache_control != null ? 1 : 0) + blockMarks(block.content)
        : sum,
    0,
  );
}

/** Whether a tool definition carries a mark: raw Anthropic tool, `extras` or a provider definition. */
function toolMarked(tool: unknown): boolean {
  if (!isBlock(tool)) return false;
  const extras = isBlock(tool.extras) ? tool.extras : undefined;
  const definition =
    extras && isBlock(extras.providerToolDefinition) ? extras.providerToolDefinition : undefined;
  return (
    tool.cache_control != null || extras?.cache_control != null || definition?.cache_control != null
  );
}

/** What a model call holds besides its messages that may carry the app's marks. */
export interface CacheMarkSources {
  /** The agent's system message (`createAgent` keeps it apart from the messages). */
  systemMessage?: BaseMessage | undefined;
  tools?: readonly unknown[] | undefined;
}

/**
 * Marks that take a breakpoint outside the messages: the system message's, the tools',
 * and one kept for a request-level `cache_control` (Anthropic's automatic caching, which
 * `anthropicPromptCachingMiddleware` sets in the model settings, possibly from a
 * middleware inside this one, where it cannot be seen).
 */
export function marksOutsideMessages(sources: CacheMarkSources): number {
  const tools = (sources.tools ?? []).filter(toolMarked).length;
  return 1 + blockMarks(sources.systemMessage?.content) + tools;
}

/**
 * The app's own cache marks on LangChain messages (`cache_control` on content blocks, as
 * `@langchain/anthropic` sends them) plus `outside` marks elsewhere in the request.
 */
export function appCacheMarks(messages: readonly BaseMessage[], outside: number): AppCacheMarks {
  let count = outside;
  const marked = new Set<number>();
  messages.forEach((message, index) => {
    count += blockMarks(message.content);
    const last = Array.isArray(message.content) ? message.content.at(-1) : undefined;
    if (isBlock(last) && last.cache_control != null) marked.add(index);
  });
  return { count, marked };
}

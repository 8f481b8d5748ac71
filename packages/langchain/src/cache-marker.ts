import { AIMessage, type BaseMessage, type MessageContent } from '@langchain/core/messages';
import { messageWithContent } from './message-with-content.ts';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * Whether the chat model is `@langchain/anthropic`'s, which turns a `cache_control` on a
 * content block into an Anthropic cache breakpoint. Read from the model's own type string,
 * never from a class name (bundlers rename classes).
 */
export function takesAnthropicCacheMarkers(model: unknown): boolean {
  const llmType = (model as { _llmType?: () => unknown } | undefined)?._llmType;
  if (typeof llmType !== 'function') return false;
  try {
    return llmType.call(model) === 'anthropic';
  } catch {
    return false;
  }
}

type Block = Record<string, unknown>;

/** LangChain's v1 output content, which `@langchain/anthropic` converts another way: left alone. */
function hasV1Content(message: BaseMessage): boolean {
  return AIMessage.isInstance(message) && message.response_metadata?.output_version === 'v1';
}

/** The content as blocks with the last one marked; `undefined` when no block can carry it. */
function markedBlocks(content: MessageContent): Block[] | undefined {
  if (typeof content === 'string') {
    return content.length > 0
      ? [{ type: 'text', text: content, cache_control: EPHEMERAL }]
      : undefined;
  }
  const blocks = content.map((block) =>
    typeof block === 'string' ? { type: 'text', text: block } : ({ ...block } as Block),
  );
  const last = blocks.at(-1);
  if (!last) return undefined;
  last.cache_control = EPHEMERAL;
  return blocks;
}

/**
 * The message with an Anthropic cache breakpoint on its last content block, its other
 * fields kept. A string content becomes one text block (Anthropic reads both alike); an
 * assistant message whose content is empty carries the marker on its last tool call. A
 * message that cannot carry one comes back as it is.
 */
export function withCacheMarker(message: BaseMessage): BaseMessage {
  if (hasV1Content(message)) return message;
  let content: Block[] | undefined;
  if (AIMessage.isInstance(message)) {
    const calls = message.tool_calls ?? [];
    const empty =
      message.content === '' || (Array.isArray(message.content) && message.content.length === 0);
    content =
      empty && calls.length > 0
        ? calls.map((call, index) => ({
            type: 'tool_use',
            id: call.id,
            name: call.name,
            input: call.args,
            ...(index === calls.length - 1 ? { cache_control: EPHEMERAL } : {}),
          }))
        : markedBlocks(message.content);
  } else {
    content = markedBlocks(message.content);
  }
  if (!content) return message;
  return messageWithContent(message, content as MessageContent) ?? message;
}

/**
 * The message with a string content as one text block, its other fields kept: how every
 * message of a prompt that carries cache markers is sent. `@langchain/anthropic` sends a
 * string content as a string and blocks as blocks, so a message that carries the marker on
 * one call and not on the next would change shape between them, and Anthropic's cache
 * compares the prompt byte for byte. Sent as blocks on every call, a message differs only
 * by the marker, which is not part of what Anthropic caches.
 */
export function withContentBlocks(message: BaseMessage): BaseMessage {
  if (typeof message.content !== 'string' || message.content.length === 0) return message;
  if (hasV1Content(message)) return message;
  return (
    messageWithContent(message, [{ type: 'text', text: message.content }] as MessageContent) ??
    message
  );
}

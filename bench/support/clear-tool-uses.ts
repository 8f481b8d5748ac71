import { countTokens } from './cache-pricing.ts';
import { type AnthropicRequest, pricedPrompt } from './fake-anthropic.ts';

/** The settings of Anthropic's `clear_tool_uses_20250919` context edit that this run uses. */
export interface ClearToolUsesSettings {
  /** Clear once the prompt holds more input tokens than this. @default 100000 (Anthropic's) */
  trigger?: number;
  /** The newest tool uses whose results stay. @default 3 (Anthropic's) */
  keep?: number;
}

/** What stands in a cleared result (the server's own placeholder text is not reproduced). */
export const CLEARED = '[cleared]';

/**
 * Anthropic's server-side context editing, `clear_tool_uses_20250919`, applied to a request
 * as its documentation states the rule: when the prompt's input tokens pass `trigger`, the
 * result of every tool use but the newest `keep` is replaced by a placeholder, before the
 * model reads the prompt and before it is billed and cached (the edited prompt is what the
 * cache sees). The app keeps sending its whole history; the edit happens on the server.
 */
export function clearToolUses(
  body: AnthropicRequest,
  { trigger = 100_000, keep = 3 }: ClearToolUsesSettings = {},
): AnthropicRequest {
  const tokens = pricedPrompt(body).blocks.reduce((sum, block) => sum + countTokens(block), 0);
  if (tokens <= trigger) return body;
  const results = body.messages.flatMap((message, messageIndex) =>
    typeof message.content === 'string'
      ? []
      : message.content.flatMap((block, blockIndex) =>
          block.type === 'tool_result' ? [{ messageIndex, blockIndex }] : [],
        ),
  );
  const cleared = new Set(
    results
      .slice(0, Math.max(0, results.length - keep))
      .map((at) => `${at.messageIndex}:${at.blockIndex}`),
  );
  return {
    ...body,
    messages: body.messages.map((message, messageIndex) =>
      typeof message.content === 'string'
        ? message
        : {
            ...message,
            content: message.content.map((block, blockIndex) =>
              cleared.has(`${messageIndex}:${blockIndex}`) ? { ...block, content: CLEARED } : block,
            ),
          },
    ),
  };
}

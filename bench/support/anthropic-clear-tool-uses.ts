import type {
  AnthropicBlock,
  AnthropicRequest,
} from '../../test/support/fake-anthropic-messages.ts';

/**
 * Anthropic's server-side tool-result clearing (`clear_tool_uses_20250919`,
 * https://docs.claude.com/en/docs/build-with-claude/context-editing), applied to a request
 * as the documentation states, before the prompt reaches the model: when the prompt's
 * input tokens exceed the trigger (default 100,000), the oldest tool results are cleared
 * in chronological order, all but the most recent `keep` tool uses (default 3), each
 * replaced by a placeholder; tools in `exclude_tools` are never cleared. When
 * `clear_at_least` is set and clearing would remove fewer tokens than it asks, the
 * strategy is not applied. The client keeps its full history and sends it each time: the
 * edit is made per request, and the edited prompt is what the request is billed for (a
 * cleared prefix is no longer the cached one, so clearing invalidates the cache from there).
 */
export const CLEARED_PLACEHOLDER = '[tool result cleared]';
export const CLEAR_TOOL_USES_DEFAULTS = { trigger: 100_000, keep: 3 } as const;

interface ClearToolUsesEdit {
  type: 'clear_tool_uses_20250919';
  trigger?: { type: 'input_tokens' | 'tool_uses'; value: number };
  keep?: { type: 'tool_uses'; value: number };
  clear_at_least?: { type: 'input_tokens'; value: number };
  exclude_tools?: string[];
  clear_tool_inputs?: boolean;
}

export type ContextManagedRequest = AnthropicRequest & {
  context_management?: { edits: { type: string }[] };
};

/** The request as the model receives it after the `clear_tool_uses` edits it asks for. */
export function applyClearToolUses(
  body: ContextManagedRequest,
  countTokens: (body: AnthropicRequest) => number,
): AnthropicRequest {
  const edits = (body.context_management?.edits ?? []).filter(
    (edit): edit is ClearToolUsesEdit => edit.type === 'clear_tool_uses_20250919',
  );
  let edited: AnthropicRequest = body;
  for (const edit of edits) {
    const before = countTokens(edited);
    const trigger = edit.trigger?.value ?? CLEAR_TOOL_USES_DEFAULTS.trigger;
    const size = edit.trigger?.type === 'tool_uses' ? toolUses(edited) : before;
    if (size <= trigger) continue;
    const keep = edit.keep?.value ?? CLEAR_TOOL_USES_DEFAULTS.keep;
    const excluded = new Set(edit.exclude_tools ?? []);
    const toolNames = new Map<string, string>();
    for (const message of edited.messages) {
      if (typeof message.content === 'string') continue;
      for (const block of message.content)
        if (block.type === 'tool_use') toolNames.set(String(block.id), String(block.name));
    }
    const results: string[] = [];
    for (const message of edited.messages) {
      if (typeof message.content === 'string') continue;
      for (const block of message.content) {
        const id = String(block.tool_use_id);
        if (block.type === 'tool_result' && !excluded.has(toolNames.get(id) ?? ''))
          results.push(id);
      }
    }
    const cleared = new Set(results.slice(0, Math.max(0, results.length - keep)));
    if (cleared.size === 0) continue;
    const clearBlock = (block: AnthropicBlock): AnthropicBlock => {
      if (block.type === 'tool_result' && cleared.has(String(block.tool_use_id)))
        return { ...block, content: CLEARED_PLACEHOLDER };
      if (edit.clear_tool_inputs && block.type === 'tool_use' && cleared.has(String(block.id)))
        return { ...block, input: {} };
      return block;
    };
    const candidate: AnthropicRequest = {
      ...edited,
      messages: edited.messages.map((message) =>
        typeof message.content === 'string'
          ? message
          : { ...message, content: message.content.map(clearBlock) },
      ),
    };
    if (before - countTokens(candidate) < (edit.clear_at_least?.value ?? 0)) continue;
    edited = candidate;
  }
  return edited;
}

function toolUses(body: AnthropicRequest): number {
  return body.messages.reduce(
    (sum, message) =>
      sum +
      (typeof message.content === 'string'
        ? 0
        : message.content.filter((block) => block.type === 'tool_use').length),
    0,
  );
}

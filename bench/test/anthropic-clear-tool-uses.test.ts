import { describe, expect, it } from 'vitest';
import type { AnthropicRequest } from '../../test/support/fake-anthropic-messages.ts';
import {
  applyClearToolUses,
  CLEARED_PLACEHOLDER,
  type ContextManagedRequest,
} from '../support/anthropic-clear-tool-uses.ts';

/** A conversation of `count` tool uses whose results are `size` characters each. */
function conversation(count: number, size: number, edits: unknown[]): ContextManagedRequest {
  const messages: AnthropicRequest['messages'] = [{ role: 'user', content: 'look up' }];
  for (let index = 1; index <= count; index++) {
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: `t${index}`, name: 'lookup', input: { index } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: `t${index}`, content: 'x'.repeat(size) }],
      },
    );
  }
  return { model: 'claude-sonnet-4-5', messages, context_management: { edits } as never };
}

// One token a character is enough to check the rule's arithmetic.
const characters = (body: AnthropicRequest) => JSON.stringify(body.messages).length;
const results = (body: AnthropicRequest) =>
  body.messages.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : message.content
          .filter((block) => block.type === 'tool_result')
          .map((block) => block.content),
  );

describe('Anthropic’s clear_tool_uses, as documented', () => {
  it('leaves a request under the trigger (default 100,000 tokens) as sent', () => {
    const body = conversation(6, 1_000, [{ type: 'clear_tool_uses_20250919' }]);
    expect(applyClearToolUses(body, characters)).toBe(body);
  });

  it('over the trigger, clears all but the last 3 tool results, oldest first, with a placeholder', () => {
    const body = conversation(6, 1_000, [
      { type: 'clear_tool_uses_20250919', trigger: { type: 'input_tokens', value: 3_000 } },
    ]);
    const edited = results(applyClearToolUses(body, characters));
    expect(edited.slice(0, 3)).toEqual(Array(3).fill(CLEARED_PLACEHOLDER));
    expect(edited.slice(3)).toEqual(Array(3).fill('x'.repeat(1_000)));
    // The client's history is not touched.
    expect(results(body)[0]).toBe('x'.repeat(1_000));
  });

  it('does not apply when it would clear fewer tokens than clear_at_least asks', () => {
    const edit = {
      type: 'clear_tool_uses_20250919',
      trigger: { type: 'input_tokens', value: 3_000 },
      keep: { type: 'tool_uses', value: 3 },
    };
    const few = conversation(4, 1_000, [
      { ...edit, clear_at_least: { type: 'input_tokens', value: 2_000 } },
    ]);
    expect(applyClearToolUses(few, characters)).toBe(few);
    const enough = conversation(6, 1_000, [
      { ...edit, clear_at_least: { type: 'input_tokens', value: 2_000 } },
    ]);
    expect(results(applyClearToolUses(enough, characters))[0]).toBe(CLEARED_PLACEHOLDER);
  });
});

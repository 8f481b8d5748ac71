import type { AnthropicRequest } from '../../test/support/fake-anthropic-messages.ts';
import {
  openAIRulesBroken,
  type RuleMessage,
  turnRulesBroken,
} from '../../test/support/provider-rules.ts';

/**
 * A recorded Anthropic request as the providers' message rules read it: a user message's
 * tool results become `tool` messages (as OpenAI's API carries them) ahead of its text.
 */
export function ruleMessages(body: Pick<AnthropicRequest, 'messages'>): RuleMessage[] {
  const messages: RuleMessage[] = [];
  for (const message of body.messages) {
    const blocks =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : message.content;
    const results = blocks
      .filter((block) => block.type === 'tool_result')
      .map((block) => String(block.tool_use_id));
    for (const id of results) messages.push({ role: 'tool', callIds: [], resultIds: [id] });
    const calls = blocks
      .filter((block) => block.type === 'tool_use')
      .map((block) => String(block.id));
    const rest = blocks.filter((block) => block.type !== 'tool_result');
    if (message.role === 'assistant' || rest.length > 0)
      messages.push({ role: message.role, callIds: calls, resultIds: [] });
  }
  return messages;
}

/** How many requests break OpenAI's rules or Anthropic's (Gemini's are Anthropic's turn rules). */
export function invalidRequests(bodies: readonly Pick<AnthropicRequest, 'messages'>[]): number {
  return bodies.filter((body) => {
    const messages = ruleMessages(body);
    return openAIRulesBroken(messages) !== undefined || turnRulesBroken(messages) !== undefined;
  }).length;
}

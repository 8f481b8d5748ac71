import type { BlockMessage } from '@ctxopt/core';
import { recordLines } from '../test-support/line-optimizer.ts';

/**
 * An agent conversation of `turns` turns, each a question, a lookup tool call, its
 * 40-record result and an answer, ending with `question`.
 */
export function lookupConversation(turns: number, question = 'Anything else?'): BlockMessage[] {
  const messages: BlockMessage[] = [{ role: 'system', text: 'You answer order questions.' }];
  for (let turn = 1; turn <= turns; turn++) {
    const result = recordLines(turn);
    messages.push(
      {
        role: 'user',
        text: `Look up the orders of batch ${turn}.`,
        parts: [{ text: `Look up the orders of batch ${turn}.` }],
      },
      { role: 'assistant', text: `[lookup ${turn}]`, toolCallIds: [`call_${turn}`] },
      { role: 'tool', text: result, toolResultIds: [`call_${turn}`], parts: [{ text: result }] },
      {
        role: 'assistant',
        text: `Batch ${turn} has 40 orders.`,
        parts: [{ text: `Batch ${turn} has 40 orders.` }],
      },
    );
  }
  messages.push({ role: 'user', text: question, parts: [{ text: question }] });
  return messages;
}

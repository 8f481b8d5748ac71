import {
  type AnthropicRequest,
  blocksOf,
} from '../../../../test/support/fake-anthropic-messages.ts';
import type { ScriptedReply } from '../../../../test/support/fake-openai-chat.ts';

/** The usage the lookup agent's fake reports: a fixed 100 input tokens, nothing cached. */
export const fixedUsage = () => ({ input_tokens: 100, output_tokens: 10 });

/** One record line of order `batch * 1000 + index`. */
export function orderLine(batch: number, index: number): string {
  const seed = (batch * 7919 + index * 104_729) % 100_003;
  return `order ${batch * 1000 + index} | customer C-${seed % 997} | status ${['shipped', 'pending', 'returned'][seed % 3]} | total ${((seed % 90_000) / 100).toFixed(2)} EUR | warehouse W${seed % 7}`;
}

/** The lookup tool's 40-record answer for a batch. */
export function lookupResult(batch: number): string {
  return Array.from({ length: 40 }, (_, index) => orderLine(batch, index)).join('\n');
}

export const batchQuestion = (batch: number) => `Look up the orders of batch ${batch}.`;

/**
 * A scripted model: a batch request calls `lookup`, then answers; a question about one
 * order answers when the order's line is in the prompt, and otherwise asks
 * `ctxopt_retrieve` for the original of the compressed result that kept lines of its batch.
 */
export function lookupAgentAnswer(body: AnthropicRequest, index: number): ScriptedReply {
  const text = JSON.stringify(body.messages);
  const last = body.messages.at(-1)!;
  const afterTool = blocksOf(last).some((block) => block.type === 'tool_result');
  const question =
    [...body.messages]
      .reverse()
      .flatMap((message) => (message.role === 'user' ? blocksOf(message) : []))
      .find(
        (block) => block.type === 'text' && /Look up the orders|order \d+\?/.test(block.text ?? ''),
      )?.text ?? '';
  const batch = /batch (\d+)/.exec(question);
  if (batch)
    return afterTool
      ? { text: `Batch ${batch[1]} read.` }
      : {
          toolCalls: [
            { id: `toolu_${index + 1}`, name: 'lookup', arguments: { batch: Number(batch[1]) } },
          ],
        };
  const order = /order (\d+)\?/.exec(question);
  if (!order) return { text: 'Noted.' };
  if (text.includes(`order ${order[1]} |`)) return { text: `Found order ${order[1]}.` };
  const wanted = Math.floor(Number(order[1]) / 1000);
  for (const match of text.matchAll(
    /order (\d+) \|(?:(?!ctxopt_retrieve).)*?ctxopt_retrieve \{\\"handle\\":\\"(cx[0-9a-f]{32})\\"\}/g,
  )) {
    if (Math.floor(Number(match[1]) / 1000) === wanted && !afterTool) {
      return {
        toolCalls: [
          { id: `toolu_${index + 1}`, name: 'ctxopt_retrieve', arguments: { handle: match[2]! } },
        ],
      };
    }
  }
  return { text: `No order ${order[1]}.` };
}

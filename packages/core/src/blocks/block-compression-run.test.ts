import {
  applyCompression,
  guardStore,
  MemoryCompressionStore,
  type PlannerMessage,
  resolveConversationPolicy,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { lineOptimizer, recordLines } from '../test-support/line-optimizer.ts';
import { runBlockCompression } from './block-compression-run.ts';

function agentHistory(turns: number, question: string): PlannerMessage[] {
  const messages: PlannerMessage[] = [{ role: 'system', text: 'You answer order questions.' }];
  for (let turn = 1; turn <= turns; turn++) {
    const id = `call_${turn}`;
    const result = recordLines(turn);
    messages.push(
      { role: 'user', text: `Batch ${turn}?` },
      {
        role: 'assistant',
        text: '',
        toolCallIds: [id],
        toolCalls: [{ id, name: 'lookup', arguments: `{"batch":${turn}}` }],
      },
      {
        role: 'tool',
        text: result,
        toolResultIds: [id],
        toolResults: [{ toolCallId: id, toolName: 'lookup', text: result }],
      },
      { role: 'assistant', text: `Batch ${turn} has 40 orders.` },
    );
  }
  messages.push({ role: 'user', text: question });
  return messages;
}

type Message = { role: string; text: string };
const edits = {
  historyMessage: (text: string): Message => ({ role: 'user', text }),
  replaceToolResult: (message: Message, _id: string, text: string): Message => ({
    ...message,
    text,
  }),
  replaceText: (message: Message, text: string): Message => ({ ...message, text }),
  dropReasoning: (message: Message) => message,
  appendRecall: (message: Message, text: string): Message => ({
    ...message,
    text: `${message.text}\n\n${text}`,
  }),
};

describe('runBlockCompression', () => {
  it('replaces the tool results of closed blocks in place, each compressed against its turn, and adds the recall to the question', async () => {
    const { optimizer, calls } = lineOptimizer();
    const store = guardStore(new MemoryCompressionStore());
    const history = agentHistory(4, 'What is the total of order 2005?');
    const run = await runBlockCompression(history, {
      optimizer,
      store,
      policy: resolveConversationPolicy({}),
      settings: { ttlSeconds: 60 },
    });
    expect(calls).toHaveLength(4);
    // Each result against its own turn's question and call, which later turns never change.
    expect(calls.map((call) => call.query)).toEqual(
      [1, 2, 3, 4].map((turn) => `Batch ${turn}?\nTool call lookup: {"batch":${turn}}`),
    );
    expect(run.report).toMatchObject({
      status: 'compressed',
      calls: 4,
      blocks: { blocks: 4, compressedParts: 4, recalledLines: 1 },
    });
    // After the last closed block (turn 4's result) and at the question.
    expect(run.plan.cacheBreakpoints).toEqual([15, history.length - 1]);
    const prompt = applyCompression(history as Message[], run.plan, run.texts, edits);
    // No message added: the recall rides with the question, after it.
    expect(prompt.map((message) => message.role)).toEqual(history.map((message) => message.role));
    expect(prompt.at(-1)!.text).toMatch(/^What is the total of order 2005\?\n\nRecalled from/);
    expect(prompt.at(-1)!.text).toContain('order 2005: customer C-2-5');
    expect(prompt[3]!.text).toMatch(/ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/);
    const again = await runBlockCompression(agentHistory(5, 'And batch 5?'), {
      optimizer,
      store,
      policy: resolveConversationPolicy({}),
      settings: { ttlSeconds: 60 },
    });
    // Turn 5 is over, so its result closes a fifth block: one call, the four compressions reused.
    expect(again.report).toMatchObject({
      calls: 1,
      blocks: { blocks: 5, compressedParts: 5, reusedParts: 4 },
    });
  });

  it('sends nothing when the policy is disabled', async () => {
    const { optimizer, calls } = lineOptimizer();
    const run = await runBlockCompression(agentHistory(3, 'q'), {
      optimizer,
      store: guardStore(new MemoryCompressionStore()),
      policy: resolveConversationPolicy({ disabled: true }),
      settings: { ttlSeconds: 60 },
    });
    expect(calls).toHaveLength(0);
    expect(run.report.status).toBe('skipped');
  });
});

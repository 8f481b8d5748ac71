import { ContextOptimizerRunnable } from '@ctxopt/langchain';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { lineOptimizer } from '../../core/src/test-support/line-optimizer.ts';

const conversation = () => [
  new HumanMessage('Which lane is late?'),
  new AIMessage({
    id: 'a1',
    content: [
      { type: 'reasoning', reasoning: 'Lane 3 had the most misses.' },
      { type: 'text', text: 'Lane 3.' },
    ],
  }),
  new AIMessage({ id: 'a2', content: '' }),
  new HumanMessage('And why?'),
];

describe('reasoning and empty messages (LCEL runnable)', () => {
  it('removes empty messages, and drops reasoning before the last message with reasoning: drop', async () => {
    const { optimizer, calls } = lineOptimizer();
    const runnable = new ContextOptimizerRunnable({ optimizer });
    const kept = await runnable.invoke(conversation());
    expect(kept.map((message) => message.id ?? message.text)).toEqual([
      'Which lane is late?',
      'a1',
      'And why?',
    ]);
    expect(kept[1]!.content).toHaveLength(2);

    const dropped = await runnable.invoke(conversation(), {
      configurable: { ctxopt: { reasoning: 'drop' } },
    });
    expect(dropped.map((message) => message.id ?? message.text)).toEqual([
      'Which lane is late?',
      'a1',
      'And why?',
    ]);
    expect(dropped[1]!.content).toEqual([{ type: 'text', text: 'Lane 3.' }]);
    expect(AIMessage.isInstance(dropped[1])).toBe(true);
    // Small talk: nothing was worth a call.
    expect(calls).toHaveLength(0);
  });
});

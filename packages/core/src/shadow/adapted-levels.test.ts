import {
  type CompressParams,
  type ContextOptimizer,
  ConversationCompressor,
  type PlannerMessage,
  resolveConversationPolicy,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { compressSuccess } from '../test-support/fake-service.ts';

const long = (label: string) => `${label} `.repeat(400);

function recordingOptimizer() {
  const sent: CompressParams[] = [];
  const optimizer: ContextOptimizer = {
    compress: async (params) => {
      sent.push(params);
      return compressSuccess() as never;
    },
    generate: async () => {
      throw new Error('not used');
    },
  };
  return { optimizer, sent };
}

const chat: PlannerMessage[] = [
  { role: 'user', text: long('history one'), contentParts: 1 },
  { role: 'assistant', text: long('history two'), contentParts: 1 },
  { role: 'user', text: 'And now?', contentParts: 1 },
];

function toolLoop(steps: number): PlannerMessage[] {
  const messages: PlannerMessage[] = [{ role: 'user', text: 'Find it', contentParts: 1 }];
  for (let step = 1; step <= steps; step++) {
    const id = `call_${step}`;
    messages.push(
      {
        role: 'assistant',
        text: '',
        toolCallIds: [id],
        toolCalls: [{ id, name: 'search', arguments: '{}' }],
        contentParts: 1,
      },
      {
        role: 'tool',
        text: long(`result${step}`),
        toolResultIds: [id],
        toolResults: [{ toolCallId: id, toolName: 'search', text: long(`result${step}`) }],
        contentParts: 1,
      },
    );
  }
  return messages;
}

describe('adapt: levels per kind of content in the compressor', () => {
  it('block mode compresses tool results at the gentler adapted level, and not at all when they are off', async () => {
    // The loop's turn is over (a running loop's results close only in paying batches).
    const finished: PlannerMessage[] = [
      ...toolLoop(8),
      { role: 'assistant', text: 'Found it.', contentParts: 1 },
      { role: 'user', text: 'And then?', contentParts: 1 },
    ];
    const low = recordingOptimizer();
    await new ConversationCompressor(low.optimizer, resolveConversationPolicy({})).run(finished, {
      levelFor: (kind) => (kind === 'tool-result' ? 'low' : undefined),
    });
    expect(low.sent.length).toBeGreaterThan(0);
    expect(new Set(low.sent.map((params) => params.level))).toEqual(new Set(['low']));

    const off = recordingOptimizer();
    const run = await new ConversationCompressor(off.optimizer, resolveConversationPolicy({})).run(
      finished,
      { levelFor: (kind) => (kind === 'tool-result' ? 'off' : undefined) },
    );
    expect(off.sent).toEqual([]);
    expect(run.texts.every((text) => text === undefined)).toBe(true);
  });

  it('compresses a kind at the level adapt chose, in place of the policy level', async () => {
    const { optimizer, sent } = recordingOptimizer();
    const compressor = new ConversationCompressor(
      optimizer,
      resolveConversationPolicy({ level: 'ultra', blocks: false }),
    );
    await compressor.run(chat, {
      levelFor: (kind) => (kind === 'history' ? 'standard' : undefined),
    });
    expect(sent.map((params) => params.level)).toEqual(['standard']);
  });

  it('leaves a kind turned off as it was, and sends nothing for it', async () => {
    const { optimizer, sent } = recordingOptimizer();
    const compressor = new ConversationCompressor(
      optimizer,
      resolveConversationPolicy({ mode: 'balanced', blocks: false }),
    );
    const run = await compressor.run(chat, { levelFor: () => 'off' });
    expect(sent).toEqual([]);
    expect(run.report.status).toBe('skipped');
  });
});

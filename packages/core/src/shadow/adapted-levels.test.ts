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

describe('adapt: levels per kind of content in the compressor', () => {
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

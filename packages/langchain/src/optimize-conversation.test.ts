import { APIUserAbortError, type CompressParams } from '@ctxopt/core';
import {
  AIMessage,
  type BaseMessage,
  ChatMessage,
  HumanMessage,
  SystemMessage,
} from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { type ConversationOptimizerOptions, conversationSettings } from './conversation-options.ts';
import { optimizeConversation } from './optimize-conversation.ts';
import { compressBody } from './test-support/fake-service.ts';

function recordingSettings(
  answer: (params: CompressParams) => ReturnType<typeof compressBody> | Error,
  overrides: ConversationOptimizerOptions = {},
) {
  const sent: CompressParams[] = [];
  const settings = conversationSettings(
    {
      optimizer: {
        async compress(params) {
          sent.push(params);
          const result = answer(params);
          if (result instanceof Error) throw result;
          return result;
        },
        async generate() {
          throw new Error('not used');
        },
      },
      minTokens: 0,
      cacheSize: 0,
      ...overrides,
    },
    'test',
    'runnable',
  );
  return { settings, sent };
}

describe('optimizeConversation', () => {
  it('sends a span of more than 500 messages as one transcript string', async () => {
    const { settings, sent } = recordingSettings(() => compressBody('gist'));
    const history = Array.from({ length: 501 }, (_, index) => new HumanMessage(`note ${index}`));

    const output = await optimizeConversation([...history, new HumanMessage('q?')], settings);

    expect(typeof sent[0]!.context).toBe('string');
    expect(String(sent[0]!.context).split('\n\n')).toHaveLength(501);
    expect(String(sent[0]!.context).startsWith('user: note 0\n\nuser: note 1')).toBe(true);
    expect(output.map((message) => message.text)).toEqual([
      'Earlier conversation (compressed):\n\ngist',
      'q?',
    ]);
  });

  it('passes other roles through and keeps a tool call without an id out of the span', async () => {
    const { settings, sent } = recordingSettings(() => compressBody('gist'));
    const noId = new AIMessage({
      content: 'checking',
      tool_calls: [{ name: 'lookup', args: {} }],
    });
    const messages: BaseMessage[] = [
      new SystemMessage('rules'),
      new ChatMessage({ role: 'critic', content: 'be brief' }),
      new AIMessage('first answer'),
      noId,
      new HumanMessage('q?'),
    ];

    const output = await optimizeConversation(messages, settings);

    expect(sent[0]!.context).toEqual([
      { role: 'critic', content: 'be brief' },
      { role: 'assistant', content: 'first answer' },
    ]);
    expect(output[0]).toBe(messages[0]);
    expect(output.slice(2)).toEqual([noId, messages[4]]);
  });

  it('removes the span when the service returns an empty text, and keeps it on a failure status', async () => {
    const question = new HumanMessage('q?');
    const empty = recordingSettings(() => compressBody(''));
    expect(await optimizeConversation([new AIMessage('old'), question], empty.settings)).toEqual([
      question,
    ]);
    const failed = recordingSettings(() => compressBody('', { status: 'error' }));
    const input = [new AIMessage('old'), question];
    expect(await optimizeConversation(input, failed.settings)).toBe(input);
  });

  it('keeps the original messages when the service saved nothing', async () => {
    const { settings, sent } = recordingSettings(() =>
      compressBody('user: old', { status: 'skipped', inputTokens: 3 }),
    );
    const input = [new AIMessage('old'), new HumanMessage('q?')];
    expect(await optimizeConversation(input, settings)).toBe(input);
    expect(sent).toHaveLength(1);
  });

  it('reuses a cached compression for the same span and query, with no second call', async () => {
    const { settings, sent } = recordingSettings(() => compressBody('gist'), {
      cacheSize: 2,
    });
    const history = [new AIMessage('a long answer'), new HumanMessage('q?')];

    const first = await optimizeConversation(history, settings);
    const second = await optimizeConversation([...history, new AIMessage('more')], settings);
    await optimizeConversation([new AIMessage('other'), new HumanMessage('q?')], settings);
    await optimizeConversation([new AIMessage('third'), new HumanMessage('q?')], settings);
    await optimizeConversation(history, settings);

    expect(sent.map((params) => params.context)).toEqual([
      [{ role: 'assistant', content: 'a long answer' }],
      [{ role: 'assistant', content: 'other' }],
      [{ role: 'assistant', content: 'third' }],
      // Evicted by the two newer entries: sent again.
      [{ role: 'assistant', content: 'a long answer' }],
    ]);
    expect(second[0]!.text).toBe(first[0]!.text);
  });

  it("rethrows the caller's abort even when failing open", async () => {
    const { settings } = recordingSettings(() => new APIUserAbortError());
    await expect(
      optimizeConversation([new AIMessage('old'), new HumanMessage('q?')], settings),
    ).rejects.toBeInstanceOf(APIUserAbortError);
  });
});

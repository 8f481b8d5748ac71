import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { toPlannerMessages } from './planner-messages.ts';

const prompt: LanguageModelV4Prompt = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Need the tool.' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'weather',
        output: { type: 'json', value: { celsius: 4 } },
      },
    ],
  },
  {
    role: 'assistant',
    content: [{ type: 'text', text: 'It is 4 °C.' }],
    providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
  },
];

describe('toPlannerMessages', () => {
  it('keeps tool calls, reasoning and messages with provider options out of compression by default', () => {
    expect(toPlannerMessages(prompt)).toEqual([
      { role: 'system', text: 'Be brief.', hasNonTextParts: false },
      { role: 'user', text: 'Weather in Oslo?' },
      {
        role: 'assistant',
        text: '[tool call weather c1] {"city":"Oslo"}',
        hasNonTextParts: true,
        toolCallIds: ['c1'],
      },
      {
        role: 'tool',
        text: '[tool result weather c1] {"celsius":4}',
        hasNonTextParts: true,
        toolResultIds: ['c1'],
      },
      { role: 'assistant', text: 'It is 4 °C.', hasNonTextParts: true },
    ]);
  });

  it('lets a tool result be compressed with compressToolHistory, but never reasoning', () => {
    const [, , call, result] = toPlannerMessages(prompt, { compressToolHistory: true });
    expect(call).toMatchObject({ hasNonTextParts: true, toolCallIds: ['c1'] });
    expect(result).toEqual({
      role: 'tool',
      text: '[tool result weather c1] {"celsius":4}',
      toolResultIds: ['c1'],
    });
  });
});

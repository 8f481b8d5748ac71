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
  it('keeps tool calls, reasoning and messages with provider options out of the history span, and offers tool results', () => {
    expect(toPlannerMessages(prompt)).toEqual([
      { role: 'system', text: 'Be brief.', hasNonTextParts: false, contentParts: 1 },
      { role: 'user', text: 'Weather in Oslo?', contentParts: 1 },
      {
        role: 'assistant',
        text: '[tool call weather c1] {"city":"Oslo"}',
        hasNonTextParts: true,
        toolCallIds: ['c1'],
        toolCalls: [{ id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' }],
        reasoning: 'free',
        contentParts: 1,
      },
      {
        role: 'tool',
        text: '[tool result weather c1] {"celsius":4}',
        toolResultIds: ['c1'],
        toolResults: [{ toolCallId: 'c1', toolName: 'weather', text: '{"celsius":4}' }],
        contentParts: 1,
      },
      { role: 'assistant', text: 'It is 4 °C.', hasNonTextParts: true },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { mapGenerateTarget, mapProviderId } from './provider-id.ts';

describe('mapProviderId', () => {
  it.each([
    ['openai.chat', 'openai'],
    ['openai.responses', 'openai'],
    ['openai.completion', 'openai'],
    ['anthropic.messages', 'anthropic'],
    ['google.generative-ai', 'google'],
    ['openai', 'openai'],
  ])('maps %s to %s', (id, expected) => {
    expect(mapProviderId(id)).toBe(expected);
  });

  it.each(['google.vertex.chat', 'mistral.chat', 'openai-compatible.chat', 'constructor', ''])(
    'leaves %j unmapped',
    (id) => {
      expect(mapProviderId(id)).toBeUndefined();
    },
  );
});

describe('mapGenerateTarget', () => {
  it('keeps the model id of a direct provider', () => {
    expect(mapGenerateTarget({ provider: 'openai.responses', modelId: 'gpt-4.1' })).toEqual({
      provider: 'openai',
      model: 'gpt-4.1',
    });
  });

  it('splits a gateway model id into provider and model', () => {
    expect(
      mapGenerateTarget({ provider: 'gateway', modelId: 'anthropic/claude-sonnet-4-5' }),
    ).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(mapGenerateTarget({ provider: 'gateway', modelId: 'xai/grok-4' })).toBeUndefined();
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANTHROPIC_VERSION, createAnthropicAdapter } from './anthropic-adapter.ts';
import { isolateNetwork, provideOnce } from './testing/provider-nock.ts';

const KEY = 'sk-ant-api03-test-9d8c7b6a';
const ORIGIN = 'https://api.anthropic.com';

// The shape Anthropic documents for a Messages API response.
const message = {
  id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-20250514',
  content: [
    { type: 'text', text: 'Paris is the capital ' },
    { type: 'text', text: 'of France.' },
  ],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: {
    input_tokens: 61,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 20,
    output_tokens: 9,
    service_tier: 'standard',
  },
};

let restore: () => void;
beforeEach(() => {
  restore = isolateNetwork();
});
afterEach(() => restore());

const call = {
  model: 'claude-sonnet-4-20250514',
  context: 'France is in Europe. Paris is the capital of France.',
  query: 'What is the capital of France?',
  maxOutputTokens: 512,
};

describe('the Anthropic adapter', () => {
  it('posts to /v1/messages with x-api-key and anthropic-version, the context as system', async () => {
    const provider = provideOnce(ORIGIN, '/v1/messages', 200, message);
    const answer = await createAnthropicAdapter({ apiKey: KEY }).generate(call);

    const [sent] = provider.sent;
    expect(sent!.url).toBe('https://api.anthropic.com/v1/messages');
    expect(sent!.headers['x-api-key']).toBe(KEY);
    expect(sent!.headers['anthropic-version']).toBe(ANTHROPIC_VERSION);
    expect(sent!.headers.authorization).toBeUndefined();
    expect(sent!.body).toEqual({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 512,
      system: expect.stringContaining(call.context),
      messages: [{ role: 'user', content: call.query }],
    });
    // Cache reads are input tokens too; Anthropic reports no total, so it is their sum.
    expect(answer).toEqual({
      answer: 'Paris is the capital of France.',
      inputTokens: 81,
      outputTokens: 9,
      totalTokens: 90,
    });
  });

  it('reports an overloaded provider with its error type', async () => {
    provideOnce(ORIGIN, '/v1/messages', 529, {
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    await expect(createAnthropicAdapter({ apiKey: KEY }).generate(call)).rejects.toMatchObject({
      failure: 'status',
      status: 529,
      message: 'anthropic answered 529 (overloaded_error).',
    });
  });
});

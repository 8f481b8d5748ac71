import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTINUE_INSTRUCTION } from './build-prompt.ts';
import { createOpenAIAdapter } from './openai-adapter.ts';
import { ProviderError } from './provider-error.ts';
import { isolateNetwork, provideOnce } from './testing/provider-nock.ts';

const KEY = 'sk-proj-test-4f1c9a0e7b3d';
const ORIGIN = 'https://api.openai.com';

// The shape OpenAI documents for a chat completion, with its detail blocks.
const completion = {
  id: 'chatcmpl-B9MHDbslfkBeAs8l4bebGdFOJ6PeG',
  object: 'chat.completion',
  created: 1741570283,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: 'Paris is the capital of France.',
        refusal: null,
        annotations: [],
      },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage: {
    prompt_tokens: 57,
    completion_tokens: 8,
    total_tokens: 65,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
  },
  service_tier: 'default',
  system_fingerprint: 'fp_fc9f1d7035',
};

let restore: () => void;
beforeEach(() => {
  restore = isolateNetwork();
});
afterEach(() => restore());

const call = {
  model: 'gpt-4o-mini',
  context: 'France is in Europe. Paris is the capital of France.',
  query: 'What is the capital of France?',
  maxOutputTokens: 256,
};

describe('the OpenAI adapter', () => {
  it('posts a chat completion with the key as Bearer and the context in the system message', async () => {
    const provider = provideOnce(ORIGIN, '/v1/chat/completions', 200, completion);
    const answer = await createOpenAIAdapter({ apiKey: KEY }).generate(call);

    const [sent] = provider.sent;
    expect(sent!.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(sent!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: expect.stringContaining(call.context) },
        { role: 'user', content: call.query },
      ],
      max_completion_tokens: 256,
    });
    expect(answer).toEqual({
      answer: 'Paris is the capital of France.',
      inputTokens: 57,
      outputTokens: 8,
      totalTokens: 65,
    });
  });

  it('uses a base URL override and asks to continue the conversation when there is no query', async () => {
    const provider = provideOnce(
      'https://proxy.example.test',
      '/openai/v1/chat/completions',
      200,
      completion,
    );
    await createOpenAIAdapter({
      apiKey: KEY,
      baseURL: 'https://proxy.example.test/openai/',
    }).generate({
      ...call,
      query: undefined,
    });
    const body = provider.sent[0]!.body as { messages: { content: string }[] };
    expect(body.messages[1]!.content).toBe(CONTINUE_INSTRUCTION);
  });

  it('reports an error status with its type but never the provider message, which echoes the key', async () => {
    provideOnce(ORIGIN, '/v1/chat/completions', 401, {
      error: {
        message: `Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    const failure = await createOpenAIAdapter({ apiKey: KEY })
      .generate(call)
      .catch((error) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ provider: 'openai', failure: 'status', status: 401 });
    expect(failure.message).toBe('openai answered 401 (invalid_api_key).');
    expect(JSON.stringify(failure) + String(failure.stack)).not.toContain(KEY);
  });

  it('fails as malformed when the usage block is missing', async () => {
    const { usage: _usage, ...withoutUsage } = completion;
    provideOnce(ORIGIN, '/v1/chat/completions', 200, withoutUsage);
    await expect(createOpenAIAdapter({ apiKey: KEY }).generate(call)).rejects.toMatchObject({
      failure: 'malformed',
      message: 'openai answered without a valid usage.prompt_tokens.',
    });
  });
});

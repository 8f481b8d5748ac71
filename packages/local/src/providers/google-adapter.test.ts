import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleAdapter } from './google-adapter.ts';
import { isolateNetwork, provideOnce } from './testing/provider-nock.ts';

const KEY = 'AIzaSyTest-0123456789abcdefghij';
const ORIGIN = 'https://generativelanguage.googleapis.com';

// The shape Google documents for generateContent, from a thinking model.
const generated = {
  candidates: [
    {
      content: {
        parts: [{ text: 'Paris is the capital of France.' }],
        role: 'model',
      },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: {
    promptTokenCount: 58,
    candidatesTokenCount: 8,
    totalTokenCount: 110,
    thoughtsTokenCount: 44,
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: 58 }],
  },
  modelVersion: 'gemini-2.5-flash',
  responseId: 'mBqcaM3xOYjYz7IPt9OsuQo',
};

let restore: () => void;
beforeEach(() => {
  restore = isolateNetwork();
});
afterEach(() => restore());

const call = {
  model: 'gemini-2.5-flash',
  context: 'France is in Europe. Paris is the capital of France.',
  query: 'What is the capital of France?',
  maxOutputTokens: 300,
};

describe('the Google adapter', () => {
  it('posts generateContent with x-goog-api-key and maps usageMetadata', async () => {
    const provider = provideOnce(
      ORIGIN,
      '/v1beta/models/gemini-2.5-flash:generateContent',
      200,
      generated,
    );
    const answer = await createGoogleAdapter({ apiKey: KEY }).generate(call);

    const [sent] = provider.sent;
    expect(sent!.url).toBe(`${ORIGIN}/v1beta/models/gemini-2.5-flash:generateContent`);
    expect(sent!.headers['x-goog-api-key']).toBe(KEY);
    expect(sent!.url).not.toContain(KEY);
    expect(sent!.body).toEqual({
      systemInstruction: { parts: [{ text: expect.stringContaining(call.context) }] },
      contents: [{ role: 'user', parts: [{ text: call.query }] }],
      generationConfig: { maxOutputTokens: 300 },
    });
    // Thought tokens are billed as output: 8 + 44.
    expect(answer).toEqual({
      answer: 'Paris is the capital of France.',
      inputTokens: 58,
      outputTokens: 52,
      totalTokens: 110,
    });
  });

  it('accepts a model written as models/<id>', async () => {
    const provider = provideOnce(
      ORIGIN,
      '/v1beta/models/gemini-2.0-flash:generateContent',
      200,
      generated,
    );
    await createGoogleAdapter({ apiKey: KEY }).generate({
      ...call,
      model: 'models/gemini-2.0-flash',
    });
    expect(provider.done()).toBe(true);
  });

  it('reports an invalid key by its status name without the message', async () => {
    provideOnce(ORIGIN, '/v1beta/models/gemini-2.5-flash:generateContent', 400, {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
      },
    });
    await expect(createGoogleAdapter({ apiKey: KEY }).generate(call)).rejects.toMatchObject({
      failure: 'status',
      status: 400,
      message: 'google answered 400 (INVALID_ARGUMENT).',
    });
  });

  it('fails as malformed when there is no candidate (a blocked prompt)', async () => {
    provideOnce(ORIGIN, '/v1beta/models/gemini-2.5-flash:generateContent', 200, {
      promptFeedback: { blockReason: 'SAFETY' },
      usageMetadata: { promptTokenCount: 58, totalTokenCount: 58 },
    });
    await expect(createGoogleAdapter({ apiKey: KEY }).generate(call)).rejects.toMatchObject({
      failure: 'malformed',
    });
  });
});

import { type AIMessageChunk, HumanMessage, SystemMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatContextOptimizer } from './chat-context-optimizer.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import {
  API_KEY,
  clientOptions,
  errorBody,
  fakeService,
  generateBody,
  isolateNetwork,
} from './test-support/fake-service.ts';

const conversation = [
  new SystemMessage('Answer from the ticket history.'),
  new HumanMessage('Ticket 88: the customer reports the app crashes on login since version 4.2.'),
  new HumanMessage('Which version introduced the crash?'),
];

function model(extra: Partial<ConstructorParameters<typeof ChatContextOptimizer>[0]> = {}) {
  return new ChatContextOptimizer({
    ...clientOptions,
    provider: 'openai',
    model: 'gpt-4o-mini',
    ...extra,
  });
}

describe('ChatContextOptimizer against the wire (nock)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = isolateNetwork();
  });
  afterEach(() => restore());

  it('invoke sends the conversation as context and the last human message as query', async () => {
    const service = fakeService('/v1/generate', [
      { status: 200, body: generateBody('Version 4.2 introduced it.', 'req_gen') },
    ]);
    const recorder = new EventRecorder();

    const answer = await model({ maxOutputTokens: 256, level: 'auto' }).invoke(conversation, {
      callbacks: [recorder],
    });

    expect(service.requests[0]!.body).toEqual({
      context: [
        { role: 'system', content: 'Answer from the ticket history.' },
        {
          role: 'user',
          content: 'Ticket 88: the customer reports the app crashes on login since version 4.2.',
        },
      ],
      query: 'Which version introduced the crash?',
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxOutputTokens: 256,
      level: 'auto',
    });
    expect(service.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(answer.content).toBe('Version 4.2 introduced it.');
    expect(answer.usage_metadata).toEqual({
      input_tokens: 320,
      output_tokens: 12,
      total_tokens: 332,
    });
    expect(answer.response_metadata).toMatchObject({
      requestId: 'req_gen',
      provider: 'openai',
      model: 'gpt-4o-mini',
      model_name: 'gpt-4o-mini',
      ctxopt: {
        requestId: 'req_gen',
        status: 'compressed',
        inputTokens: 900,
        compressedTokens: 300,
        savedTokens: 600,
        reductionPct: 66.67,
        chargedInputTokens: 900,
        reusedInputTokens: 0,
      },
    });
    expect(recorder.llmEnds[0]!.llmOutput).toEqual({
      tokenUsage: { promptTokens: 320, completionTokens: 12, totalTokens: 332 },
    });
    expect(recorder.events('ctxopt_usage')).toEqual([
      {
        source: 'chat_model',
        requestId: 'req_gen',
        status: 'compressed',
        inputTokens: 900,
        compressedTokens: 300,
        savedTokens: 600,
        reductionPct: 66.67,
        chargedInputTokens: 900,
        reusedInputTokens: 0,
      },
    ]);
  });

  it('stream yields the answer in chunks whose sum carries the usage', async () => {
    fakeService('/v1/generate', [
      { status: 200, body: generateBody('The crash started with version 4.2.') },
    ]);
    const recorder = new EventRecorder();

    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await model().stream(conversation, { callbacks: [recorder] })) {
      chunks.push(chunk);
    }

    expect(chunks.map((chunk) => chunk.content)).toEqual([
      'The ',
      'crash ',
      'started ',
      'with ',
      'version ',
      '4.2.',
    ]);
    const whole = chunks.reduce((sum, chunk) => sum.concat(chunk));
    expect(whole.content).toBe('The crash started with version 4.2.');
    expect(whole.usage_metadata).toMatchObject({
      input_tokens: 320,
      output_tokens: 12,
      total_tokens: 332,
    });
    expect(whole.response_metadata.requestId).toBe('req_generate_1');
    expect(recorder.llmEnds[0]!.llmOutput).toEqual({
      tokenUsage: { promptTokens: 320, completionTokens: 12, totalTokens: 332 },
    });
  });

  it('batch answers each conversation with its own request', async () => {
    const echo = (body: Record<string, unknown>) => ({
      status: 200,
      body: generateBody(`You asked: ${body.query}`),
    });
    const service = fakeService('/v1/generate', [echo, echo]);

    const answers = await model().batch([
      [new HumanMessage('First question?')],
      [new HumanMessage('Background.'), new HumanMessage('Second question?')],
    ]);

    expect(answers.map((answer) => answer.content)).toEqual([
      'You asked: First question?',
      'You asked: Second question?',
    ]);
    const bodies = service.requests.map((request) => request.body);
    expect(bodies).toContainEqual({
      context: [],
      query: 'First question?',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
    expect(bodies).toContainEqual({
      context: [{ role: 'user', content: 'Background.' }],
      query: 'Second question?',
      provider: 'openai',
      model: 'gpt-4o-mini',
    });
  });

  it('generate over several conversations sums tokenUsage in llmOutput', async () => {
    fakeService('/v1/generate', [
      { status: 200, body: generateBody('One.') },
      { status: 200, body: generateBody('Two.') },
    ]);

    const result = await model().generate([
      [new HumanMessage('First?')],
      [new HumanMessage('Second?')],
    ]);

    expect(result.generations.map((generation) => generation[0]!.text).sort()).toEqual([
      'One.',
      'Two.',
    ]);
    expect(result.llmOutput).toEqual({
      tokenUsage: { promptTokens: 640, completionTokens: 24, totalTokens: 664 },
    });
  });

  it('shows ctxopt_usage as on_custom_event and the chunks in streamEvents', async () => {
    fakeService('/v1/generate', [{ status: 200, body: generateBody('Version 4.2.', 'req_ev') }]);

    const seen: { event: string; name: string; data: unknown }[] = [];
    for await (const event of model().streamEvents(conversation, { version: 'v2' })) {
      seen.push({ event: event.event, name: event.name, data: event.data });
    }

    const custom = seen.filter((event) => event.event === 'on_custom_event');
    expect(custom).toEqual([
      {
        event: 'on_custom_event',
        name: 'ctxopt_usage',
        data: expect.objectContaining({ requestId: 'req_ev', source: 'chat_model' }),
      },
    ]);
    const streamed = seen
      .filter((event) => event.event === 'on_chat_model_stream')
      .map((event) => (event.data as { chunk: AIMessageChunk }).chunk.content);
    expect(streamed.join('')).toBe('Version 4.2.');
  });

  it('propagates a service error: there is no model to fall back to', async () => {
    fakeService('/v1/generate', [
      { status: 503, body: errorBody('provider_unavailable', 'Provider down') },
    ]);
    await expect(model().invoke(conversation)).rejects.toMatchObject({
      name: 'InternalServerError',
      code: 'provider_unavailable',
    });
  });
});

describe('ChatContextOptimizer refusals', () => {
  it('bindTools with a tool throws, so createAgent fails plainly', async () => {
    const lookup = tool(async () => 'ok', {
      name: 'lookup',
      description: 'Looks something up.',
      schema: z.object({ id: z.string() }),
    });
    expect(() => model().bindTools([lookup])).toThrow(
      'ChatContextOptimizer cannot bind tools: POST /v1/generate takes no tool definitions.',
    );
    const agent = createAgent({ model: model(), tools: [lookup] });
    await expect(agent.invoke({ messages: [new HumanMessage('hi')] })).rejects.toThrow(
      'ChatContextOptimizer cannot bind tools',
    );
  });

  it('refuses images, which the generate endpoint cannot take', async () => {
    const withImage = new HumanMessage({
      content: [
        { type: 'text', text: 'What is in this picture?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
      ],
    });
    await expect(model().invoke([withImage])).rejects.toThrow(
      'ChatContextOptimizer: message 0 has non-text content',
    );
  });

  it('checks provider, model, maxOutputTokens, level and mode at construction', () => {
    expect(() => model({ provider: 'OpenAI' })).toThrow('provider must be a lower-case provider');
    expect(() => model({ model: '' })).toThrow('model must not be empty');
    expect(() => model({ maxOutputTokens: 0 })).toThrow(
      'maxOutputTokens must be between 1 and 32768',
    );
    // @ts-expect-error level and mode together: the run-time check is what is tested
    expect(() => model({ level: 'low', mode: 'balanced' })).toThrow(
      'ChatContextOptimizer: level and mode must not both be set',
    );
  });

  it('never serializes the API key', () => {
    const chat = model();
    expect(JSON.stringify(chat)).not.toContain(API_KEY);
    expect(JSON.stringify(chat.toJSON())).not.toContain(API_KEY);
  });
});

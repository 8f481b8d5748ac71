import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContextOptimizerError } from '@ctxopt/core';
import { ChatContextOptimizer } from '@ctxopt/langchain';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { HumanMessage } from '@langchain/core/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { emulatorClient, emulatorFixture } from './test-support/emulator-setup.ts';

const fixture = emulatorFixture();
let openai: Server | undefined;
afterEach(async () => {
  await fixture.closeAll();
  openai?.closeAllConnections();
  await new Promise<void>((resolve) => (openai ? openai.close(() => resolve()) : resolve()));
  openai = undefined;
});

/** A loopback fake of OpenAI's chat completions: answers `answer`, keeps each request body. */
async function startFakeOpenAI(answer: string) {
  const bodies: Record<string, unknown>[] = [];
  openai = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          choices: [{ message: { role: 'assistant', content: answer } }],
          usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => openai!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(openai!.address() as AddressInfo).port}`, bodies };
}

/** The emulator with a real OpenAI adapter pointed at the fake. */
async function emulatorWithOpenAI(answer: string) {
  const fake = await startFakeOpenAI(answer);
  const emulator = await fixture.start({
    providerKeys: { openai: 'sk-openai-test-0001' },
    providerBaseURLs: { openai: fake.url },
  });
  return { fake, client: emulatorClient(emulator) };
}

const question = [new HumanMessage('Which runner had the slowest build?')];

describe("ChatContextOptimizer with LangChain's standard parameters", () => {
  it('sends maxTokens as maxOutputTokens: the provider receives it as its own limit', async () => {
    const { fake, client } = await emulatorWithOpenAI('Runner 4.');
    const model = new ChatContextOptimizer({
      ...client,
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxTokens: 100,
    });
    expect(model.maxOutputTokens).toBe(100);
    await model.invoke(question);
    expect(fake.bodies[0]).toMatchObject({ model: 'gpt-4o-mini', max_completion_tokens: 100 });
  });

  it('cuts the answer before the first stop sequence, set on the model or per call', async () => {
    const { client } = await emulatorWithOpenAI('Runner 4 was slowest.\nObservation: cache miss');
    const model = new ChatContextOptimizer({
      ...client,
      provider: 'openai',
      model: 'gpt-4o-mini',
      stop: ['\nObservation:'],
    });
    expect((await model.invoke(question)).content).toBe('Runner 4 was slowest.');
    expect((await model.invoke(question, { stop: [' was'] })).content).toBe('Runner 4');
    const streamed: string[] = [];
    for await (const chunk of await model.stream(question)) streamed.push(String(chunk.content));
    expect(streamed.join('')).toBe('Runner 4 was slowest.');
  });

  it.each([
    ['temperature', { temperature: 0.2 }],
    ['topP', { topP: 0.9 }],
  ])('refuses %s at construction, naming the field', (field, setting) => {
    const build = () =>
      new ChatContextOptimizer({
        apiKey: 'k',
        baseURL: 'http://127.0.0.1:1',
        provider: 'openai',
        model: 'gpt-4o-mini',
        ...setting,
      });
    expect(build).toThrow(ContextOptimizerError);
    expect(build).toThrow(new RegExp(`^ChatContextOptimizer: ${field} is not supported`));
  });

  it('refuses maxTokens and maxOutputTokens that disagree', () => {
    expect(
      () =>
        new ChatContextOptimizer({
          apiKey: 'k',
          baseURL: 'http://127.0.0.1:1',
          provider: 'openai',
          model: 'gpt-4o-mini',
          maxTokens: 10,
          maxOutputTokens: 20,
        }),
    ).toThrow(/maxTokens \(10\) and maxOutputTokens \(20\) disagree/);
  });

  it('is traced as the provider and model that answer, with its token limit', async () => {
    const { client } = await emulatorWithOpenAI('Runner 4.');
    const model = new ChatContextOptimizer({
      ...client,
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxTokens: 64,
    });
    const seen: Record<string, unknown>[] = [];
    const handler = BaseCallbackHandler.fromMethods({
      handleChatModelStart(_llm, _messages, _runId, _parent, _extra, _tags, metadata) {
        seen.push(metadata ?? {});
      },
    });
    await model.invoke(question, { callbacks: [handler], stop: ['zzz'] });
    expect(seen[0]).toMatchObject({
      ls_provider: 'openai',
      ls_model_name: 'gpt-4o-mini',
      ls_model_type: 'chat',
      ls_max_tokens: 64,
      ls_stop: ['zzz'],
    });
  });
});

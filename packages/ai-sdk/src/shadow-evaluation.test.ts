import { createOpenAI } from '@ai-sdk/openai';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { countTokens } from '@ctxopt/local';
import { generateText, streamText, wrapLanguageModel } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { startJsonServer } from '../../../test/support/json-server.ts';
import { answerByFact, factChat, factLosingOptimizer } from '../../../test/support/shadow-world.ts';
import { recordSpans } from '../../core/src/test-support/span-recorder.ts';
import './test-support/quiet-warnings.ts';
import { shadowedModel } from './test-support/shadowed-model.ts';

let openaiApi: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
beforeEach(async () => {
  openaiApi = await startFakeOpenAIChat(answerByFact);
});
afterEach(async () => {
  await openaiApi.close();
});
const spans = recordSpans();

const hasFact = (index: number) =>
  JSON.stringify(openaiApi.requests[index]?.messages).includes('4711');

describe('shadow evaluation (generateText, streamText, @ai-sdk/openai)', () => {
  it('answers the user from the compressed prompt, then the original prompt in the background, and reports the disagreement', async () => {
    const { model, middleware, events } = shadowedModel(openaiApi.baseURL, {
      shadow: { sampleRate: 1 },
    });
    const plain = shadowedModel(openaiApi.baseURL, {});
    const reference = await generateText({ model: plain.model, messages: factChat() });
    openaiApi.requests.length = 0;

    const result = await generateText({ model, messages: factChat() });
    expect(result.text).toBe(reference.text);
    expect(result.text).toBe('I do not know the access code.');
    // The user has the answer before the shadow call is even sent.
    expect(openaiApi.requests).toHaveLength(1);
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      shadow: { sampled: true, observed: false },
    });

    await middleware.shadow.settled();
    expect(openaiApi.requests).toHaveLength(2);
    expect([hasFact(0), hasFact(1)]).toEqual([false, true]);
    expect(openaiApi.requests[1]!.stream).toBeFalsy();
    expect(events).toMatchObject([
      {
        type: 'judged',
        agree: false,
        level: 'ultra',
        kinds: ['history'],
        reasons: ['numbers differ: 4711'],
      },
    ]);
    expect(middleware.shadow.summary().agreement).toMatchObject([
      { level: 'ultra', kind: 'history', judged: 1, agreed: 0, rate: 0 },
    ]);
    const span = spans.getFinishedSpans().find((item) => item.name === 'shadow ctxopt');
    expect(span?.attributes).toMatchObject({
      'ctxopt.shadow.level': 'ultra',
      'ctxopt.shadow.agree': false,
      'ctxopt.shadow.agreement_rate': 0,
    });
  });

  it('shadows a streamed call with a non-streaming call after its stream ends, the stream unchanged', async () => {
    const { model, middleware, events } = shadowedModel(openaiApi.baseURL, {
      shadow: { sampleRate: 1 },
      level: 'standard',
    });
    const result = streamText({ model, messages: factChat() });
    expect(await result.text).toBe('The access code is 4711.');
    await middleware.shadow.settled();
    expect(openaiApi.requests.map((request) => request.stream === true)).toEqual([true, false]);
    expect(events).toMatchObject([{ type: 'judged', agree: true, level: 'standard' }]);
  });

  it('skips shadowing for one call with providerOptions.ctxopt.shadow false', async () => {
    const { model, middleware } = shadowedModel(openaiApi.baseURL, { shadow: { sampleRate: 1 } });
    const result = await generateText({
      model,
      messages: factChat(),
      providerOptions: { ctxopt: { shadow: false } },
    });
    await middleware.shadow.settled();
    expect(result.providerMetadata?.ctxopt).not.toHaveProperty('shadow');
    expect(openaiApi.requests).toHaveLength(1);
  });

  it('never spends more shadow input tokens than the hourly budget', async () => {
    const budget = 1_500;
    const { model, middleware } = shadowedModel(openaiApi.baseURL, {
      shadow: { sampleRate: 1, budget: { inputTokensPerHour: budget } },
    });
    for (let call = 0; call < 8; call += 1) {
      await generateText({ model, messages: factChat() });
      await middleware.shadow.settled();
    }
    const summary = middleware.shadow.summary();
    expect(summary.shadowed).toBeGreaterThan(0);
    expect(summary.skipped.budget).toBeGreaterThan(0);
    // What the provider counted for the shadow calls (every request with the fact is one).
    const shadowTokens = openaiApi.requests
      .map((request, index) => ({ request, index }))
      .filter(({ index }) => hasFact(index))
      .reduce((sum, { request }) => sum + promptTokensOf(request), 0);
    expect(shadowTokens).toBeLessThanOrEqual(budget);
    expect(summary.spentTokensLastHour).toBe(shadowTokens);
  });

  it('observe: the model receives the original prompt, and the report says what compression would save', async () => {
    const { model, events } = shadowedModel(openaiApi.baseURL, { observe: true });
    const result = await generateText({ model, messages: factChat() });
    expect(result.text).toBe('The access code is 4711.');
    expect(hasFact(0)).toBe(true);
    expect(result.providerMetadata?.ctxopt).toMatchObject({
      shadow: { observed: true, sampled: false },
    });
    expect(events).toHaveLength(1);
    const [observed] = events;
    expect(observed).toMatchObject({ type: 'observed', level: 'ultra', kinds: ['history'] });
    expect(observed?.type === 'observed' && observed.savedTokens).toBeGreaterThan(300);
    expect(observed?.type === 'observed' && observed.spans[0]?.compressedText).not.toContain(
      '4711',
    );
  });

  it('adapt steps the history down to standard once ultra disagrees with confidence, and the user gets the fact again', async () => {
    const { model, middleware, events, service } = shadowedModel(openaiApi.baseURL, {
      shadow: { sampleRate: 1, concurrency: 1 },
      adapt: { minSamples: 3 },
    });
    const answers: string[] = [];
    for (let call = 0; call < 5; call += 1) {
      answers.push((await generateText({ model, messages: factChat() })).text);
      await middleware.shadow.settled();
    }
    const change = events.find((event) => event.type === 'level-change');
    expect(change).toMatchObject({
      kind: 'history',
      from: 'ultra',
      to: 'standard',
      reason: 'agreement',
    });
    // The same span at ultra is compressed once and reused; after the change, once at standard.
    expect(service.requests.map((request) => request.level)).toEqual(['ultra', 'standard']);
    expect(answers.slice(0, 3)).toEqual(Array(3).fill('I do not know the access code.'));
    expect(answers.at(-1)).toBe('The access code is 4711.');
    expect(middleware.shadow.summary().levels).toEqual([
      { kind: 'history', base: 'ultra', level: 'standard' },
    ]);
  });

  it('judges with an AI SDK model when one is given as the judge (LLM-as-judge)', async () => {
    const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
    const { model, middleware, events } = shadowedModel(openaiApi.baseURL, {
      shadow: { sampleRate: 1, judge: openai.chat('gpt-4o-mini') },
    });
    await generateText({ model, messages: factChat() });
    await middleware.shadow.settled();
    // The user's call, the shadow call, and the judge's call with the rubric.
    expect(openaiApi.requests).toHaveLength(3);
    expect(JSON.stringify(openaiApi.requests[2]!.messages)).toContain('Reply SAME if');
    expect(events).toMatchObject([
      { type: 'judged', agree: false, reasons: ['B lacks the code.'] },
    ]);
  });

  it('detects a compression that loses the fact in 20% of calls at ultra, sampling 10%, and steps it down (seeded)', async () => {
    // A seeded world: each compression at ultra loses the fact with probability 0.2.
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const { model, middleware, events, service } = shadowedModel(openaiApi.baseURL, {
      cacheSize: 0,
      shadow: { sampleRate: 0.1, seed: 3 },
      adapt: true,
      losesFact: (level) => level === 'ultra' && random() < 0.2,
    });
    let steppedAt: number | undefined;
    for (let call = 1; call <= 400 && steppedAt === undefined; call += 1) {
      await generateText({ model, messages: factChat() });
      await middleware.shadow.settled();
      if (events.some((event) => event.type === 'level-change')) steppedAt = call;
    }
    console.info(`generateText: stepped down at call ${steppedAt}`);
    expect(steppedAt).toBeLessThanOrEqual(200);
    expect(events.find((event) => event.type === 'level-change')).toMatchObject({
      from: 'ultra',
      to: 'standard',
    });
    const after = await generateText({ model, messages: factChat() });
    expect(after.text).toBe('The access code is 4711.');
    expect(service.requests.at(-1)?.level).toBe('standard');
  });

  it("passes the model's error to the user as it is, and shadows nothing", async () => {
    let requests = 0;
    const failing = await startJsonServer((_body, _request, response) => {
      requests += 1;
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'bad request', type: 'invalid_request_error' } }),
      );
    });
    try {
      const run = async (shadow: boolean) => {
        const service = factLosingOptimizer(() => false);
        const middleware = contextOptimizerMiddleware({
          optimizer: service.optimizer,
          minTokens: 0,
          blocks: false,
          ...(shadow ? { shadow: { sampleRate: 1 } } : {}),
        });
        const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: `${failing.url}/v1` });
        const model = wrapLanguageModel({ model: openai.chat('gpt-4o-mini'), middleware });
        const error = await generateText({ model, messages: factChat(), maxRetries: 0 }).then(
          () => new Error('expected the call to fail'),
          (caught: Error) => caught,
        );
        await middleware.shadow.settled();
        return { error, summary: middleware.shadow.summary() };
      };
      const plain = await run(false);
      const shadowed = await run(true);
      expect(shadowed.error.message).toBe(plain.error.message);
      expect(shadowed.error.constructor).toBe(plain.error.constructor);
      expect(requests).toBe(2);
      expect(shadowed.summary).toMatchObject({ shadowed: 0, running: 0, spentTokensLastHour: 0 });
    } finally {
      await failing.close();
    }
  });

  it("needs strategy 'compress', saying so", () => {
    expect(() => contextOptimizerMiddleware({ strategy: 'generate', shadow: true })).toThrow(
      "shadow needs strategy 'compress'",
    );
  });

  it('refuses a misspelt shadow option, naming it', () => {
    expect(() => contextOptimizerMiddleware({ shadow: { sampleRat: 1 } as never })).toThrow(
      'shadow.sampleRat is not an option',
    );
  });
});

/** The prompt tokens the fake reports: 4 per message plus the tokens of its JSON content. */
function promptTokensOf(request: { messages: { content?: unknown }[] }): number {
  return request.messages.reduce(
    (sum, message) => sum + 4 + countTokens(JSON.stringify(message.content ?? '')),
    0,
  );
}

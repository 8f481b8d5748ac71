import {
  type ContextOptimizerMiddlewareOptions,
  ContextOptimizerRunnable,
} from '@ctxopt/langchain';
import { countTokens } from '@ctxopt/local';
import type { AIMessage } from '@langchain/core/messages';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { ChatOpenAI } from '@langchain/openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { answerByFact, factChat, shadowedSettings } from '../../../test/support/shadow-world.ts';
import { shadowedAgent } from './test-support/shadowed-agent.ts';

let openaiApi: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
beforeEach(async () => {
  openaiApi = await startFakeOpenAIChat(answerByFact);
});
afterEach(async () => {
  await openaiApi.close();
});

const hasFact = (index: number) =>
  JSON.stringify(openaiApi.requests[index]?.messages).includes('4711');

const lastText = (state: { messages: { text: string }[] }) => state.messages.at(-1)!.text;

describe('shadow evaluation in createAgent (@langchain/openai)', () => {
  it('answers from the compressed messages, shadows with the original ones afterwards, and dispatches ctxopt_shadow', async () => {
    const { agent, middleware, events } = shadowedAgent(openaiApi.baseURL, {
      shadow: { sampleRate: 1 },
    });
    const plain = shadowedAgent(openaiApi.baseURL, {});
    const reference = lastText(await plain.agent.invoke({ messages: factChat() }));
    openaiApi.requests.length = 0;

    const custom: { name: string; data: unknown }[] = [];
    const state = await agent.invoke(
      { messages: factChat() },
      {
        callbacks: [
          {
            handleCustomEvent: (name: string, data: unknown) => {
              custom.push({ name, data });
            },
          },
        ],
      },
    );
    expect(lastText(state)).toBe(reference);
    expect(lastText(state)).toBe('I do not know the access code.');
    expect(openaiApi.requests).toHaveLength(1);
    // The agent's state holds the user's turn only: the shadow answer is never written.
    expect(state.messages).toHaveLength(4);

    await middleware.shadow.settled();
    expect(openaiApi.requests).toHaveLength(2);
    expect([hasFact(0), hasFact(1)]).toEqual([false, true]);
    expect(events).toMatchObject([
      { type: 'judged', agree: false, level: 'ultra', kinds: ['history'] },
    ]);
    expect(custom.find((event) => event.name === 'ctxopt_shadow')?.data).toMatchObject({
      source: 'middleware',
      type: 'judged',
      agree: false,
    });
    expect(middleware.shadow.summary().agreement).toMatchObject([
      { level: 'ultra', kind: 'history', judged: 1, agreed: 0 },
    ]);
  });

  it('judges with a chat model when one is given as the judge (LLM-as-judge)', async () => {
    const judge = new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-openai',
      configuration: { baseURL: openaiApi.baseURL },
    });
    const { agent, middleware, events } = shadowedAgent(openaiApi.baseURL, {
      shadow: { sampleRate: 1, judge },
    });
    await agent.invoke({ messages: factChat() });
    await middleware.shadow.settled();
    expect(openaiApi.requests).toHaveLength(3);
    expect(JSON.stringify(openaiApi.requests[2]!.messages)).toContain('Reply SAME if');
    expect(events).toMatchObject([
      { type: 'judged', agree: false, reasons: ['B lacks the code.'] },
    ]);
  });

  it('skips shadowing for one call with runtime.context.ctxopt.shadow false', async () => {
    const { agent, middleware } = shadowedAgent(openaiApi.baseURL, { shadow: { sampleRate: 1 } });
    await agent.invoke({ messages: factChat() }, { context: { ctxopt: { shadow: false } } });
    await middleware.shadow.settled();
    expect(openaiApi.requests).toHaveLength(1);
    expect(middleware.shadow.summary().shadowed).toBe(0);
  });

  it('observe: the model receives the original messages, and ctxopt_shadow says what compression would save', async () => {
    const { agent, events } = shadowedAgent(openaiApi.baseURL, { observe: true });
    const state = await agent.invoke({ messages: factChat() });
    expect(lastText(state)).toBe('The access code is 4711.');
    expect(hasFact(0)).toBe(true);
    expect(events).toMatchObject([{ type: 'observed', level: 'ultra', kinds: ['history'] }]);
  });

  it('never spends more shadow input tokens than the hourly budget, by the provider count', async () => {
    const budget = 1_500;
    const { agent, middleware } = shadowedAgent(openaiApi.baseURL, {
      shadow: { sampleRate: 1, budget: { inputTokensPerHour: budget } },
    });
    for (let call = 0; call < 8; call += 1) {
      await agent.invoke({ messages: factChat() });
      await middleware.shadow.settled();
    }
    const summary = middleware.shadow.summary();
    expect(summary.shadowed).toBeGreaterThan(0);
    expect(summary.skipped.budget).toBeGreaterThan(0);
    const shadowTokens = openaiApi.requests
      .filter((_, index) => hasFact(index))
      .reduce(
        (sum, request) =>
          sum +
          request.messages.reduce(
            (total, message) => total + 4 + countTokens(JSON.stringify(message.content ?? '')),
            0,
          ),
        0,
      );
    expect(shadowTokens).toBeLessThanOrEqual(budget);
    expect(summary.spentTokensLastHour).toBe(shadowTokens);
  });

  it('detects a compression that loses the fact in 20% of calls at ultra, sampling 10%, and steps it down (seeded)', async () => {
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const { agent, middleware, events, service } = shadowedAgent(openaiApi.baseURL, {
      cacheSize: 0,
      shadow: { sampleRate: 0.1, seed: 3 },
      adapt: true,
      losesFact: (level) => level === 'ultra' && random() < 0.2,
    });
    let steppedAt: number | undefined;
    for (let call = 1; call <= 400 && steppedAt === undefined; call += 1) {
      await agent.invoke({ messages: factChat() });
      await middleware.shadow.settled();
      if (events.some((event) => event.type === 'level-change')) steppedAt = call;
    }
    console.info(`createAgent: stepped down at call ${steppedAt}`);
    expect(steppedAt).toBeLessThanOrEqual(200);
    expect(lastText(await agent.invoke({ messages: factChat() }))).toBe('The access code is 4711.');
    expect(service.requests.at(-1)?.level).toBe('standard');
  });

  it('adapt steps ultra down once it disagrees with confidence, and the user gets the fact again', async () => {
    const { agent, middleware, events, service } = shadowedAgent(openaiApi.baseURL, {
      shadow: { sampleRate: 1, concurrency: 1 },
      adapt: { minSamples: 3 },
    });
    const answers: string[] = [];
    for (let call = 0; call < 5; call += 1) {
      answers.push(lastText(await agent.invoke({ messages: factChat() })));
      await middleware.shadow.settled();
    }
    expect(events.find((event) => event.type === 'level-change')).toMatchObject({
      kind: 'history',
      from: 'ultra',
      to: 'standard',
    });
    expect(service.requests.map((request) => request.level)).toEqual(['ultra', 'standard']);
    expect(answers.at(-1)).toBe('The access code is 4711.');
  });
});

describe('shadow evaluation in an LCEL chain (@langchain/openai)', () => {
  function chain(options: ContextOptimizerMiddlewareOptions) {
    const { events, settings } = shadowedSettings(options);
    const optimizer = new ContextOptimizerRunnable(settings as ContextOptimizerMiddlewareOptions);
    const model = new ChatOpenAI({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test-openai',
      configuration: { baseURL: openaiApi.baseURL },
    });
    const prompt = ChatPromptTemplate.fromMessages([
      new MessagesPlaceholder('history'),
      ['human', '{question}'],
    ]);
    const [history, , question] = [factChat().slice(0, 2), undefined, factChat()[2]!.content];
    return {
      optimizer,
      events,
      invoke: (config?: object) =>
        prompt.pipe(optimizer.withModel(model)).invoke(
          {
            history: history.map((m) => [m.role === 'user' ? 'human' : 'ai', m.content]),
            question,
          },
          config,
        ) as Promise<AIMessage>,
    };
  }

  it('answers from the compressed prompt and judges the original answer in the background', async () => {
    const { optimizer, events, invoke } = chain({ shadow: { sampleRate: 1 } });
    const answer = await invoke();
    expect(answer.text).toBe('I do not know the access code.');
    expect(openaiApi.requests).toHaveLength(1);
    await optimizer.shadow.settled();
    expect([hasFact(0), hasFact(1)]).toEqual([false, true]);
    expect(events).toMatchObject([{ type: 'judged', agree: false, level: 'ultra' }]);
  });

  it('skips a call with config.configurable.ctxopt.shadow false', async () => {
    const { optimizer, invoke } = chain({ shadow: { sampleRate: 1 } });
    await invoke({ configurable: { ctxopt: { shadow: false } } });
    await optimizer.shadow.settled();
    expect(openaiApi.requests).toHaveLength(1);
  });

  it('observe per call: the model receives the original prompt', async () => {
    const { events, invoke } = chain({});
    const answer = await invoke({ configurable: { ctxopt: { observe: true } } });
    expect(answer.text).toBe('The access code is 4711.');
    expect(events).toMatchObject([{ type: 'observed', kinds: ['history'] }]);
  });
});

import { type Emulator, type EmulatorOptions, startEmulator } from '@ctxopt/local';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ANSWER,
  QUESTION,
  salaryConversation,
  standInEmbed,
} from './testing/salary-conversation.ts';
import { send } from './testing/send.ts';
import { startSlowProvider } from './testing/slow-provider.ts';

/**
 * `startEmulator({ embed })` over real HTTP: a conversation's answer that shares no word
 * with the question ("more pay at her job" for "happy with her salary?") is kept in what
 * /v1/compress returns, and in the prompt /v1/generate sends the provider, when an
 * embedder says the two mean the same; without one it is dropped. Large conversations are
 * compressed in a worker of the pool, which gets the similarities, not the function.
 */

const started: Emulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

async function emulatorWith(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await startEmulator(options);
  started.push(emulator);
  return emulator;
}

async function compressed(emulator: Emulator, body: object): Promise<string> {
  const received = await send(emulator, { body });
  expect(received.status).toBe(200);
  return received.json.data.compressed;
}

describe('startEmulator embed option', () => {
  it('keeps the message that answers in other words in /v1/compress, and calls embed once with the query then every message', async () => {
    const calls: string[][] = [];
    const semantic = await emulatorWith({
      embed: async (texts) => {
        calls.push(texts);
        return standInEmbed(texts);
      },
    });
    const lexical = await emulatorWith();
    const context = salaryConversation();
    const body = { context, query: QUESTION, level: 'standard' };
    expect(await compressed(lexical, body)).not.toContain(ANSWER);
    const received = await send(semantic, { body });
    expect(received.status).toBe(200);
    expect(received.json.data.compressed).toContain(ANSWER);
    const usage = received.json.usage.request;
    expect(usage.compressedTokens).toBeLessThanOrEqual(Math.floor(usage.inputTokens / 4));
    expect(calls).toEqual([[QUESTION, ...context.map((message) => message.content)]]);
    // No query, or a context string: the engine reads no similarity, so embed is not called.
    await compressed(semantic, { context, level: 'standard' });
    await compressed(semantic, {
      context: context.map((message) => message.content).join('\n'),
      query: QUESTION,
      level: 'standard',
    });
    expect(calls).toHaveLength(1);
  });

  it('keeps it in a conversation of 32,768 characters or more, compressed in a worker', async () => {
    const context = salaryConversation(400);
    expect(context.reduce((size, message) => size + message.content.length, 0)).toBeGreaterThan(
      32_768,
    );
    const body = { context, query: QUESTION, level: 'standard' };
    expect(await compressed(await emulatorWith(), body)).not.toContain(ANSWER);
    expect(await compressed(await emulatorWith({ embed: standInEmbed }), body)).toContain(ANSWER);
  });

  it('sends the provider the message that answers in other words through /v1/generate', async () => {
    const provider = await startSlowProvider({ delayMs: 0 });
    try {
      const providers = {
        providerKeys: { openai: 'sk-test-embed-0001' },
        providerBaseURLs: { openai: provider.url },
      };
      const body = {
        context: salaryConversation(),
        query: QUESTION,
        level: 'standard',
        provider: 'openai',
        model: 'gpt-4o-mini',
      };
      for (const emulator of [
        await emulatorWith(providers),
        await emulatorWith({ ...providers, embed: standInEmbed }),
      ]) {
        const received = await send(emulator, { path: '/v1/generate', body });
        expect(received.status).toBe(200);
        expect(received.json.data.answer).toBe('Paris.');
      }
      expect(provider.received).toHaveLength(2);
      expect(provider.received[0]!.body).not.toContain(ANSWER);
      expect(provider.received[1]!.body).toContain(ANSWER);
    } finally {
      await provider.close();
    }
  });

  it('compresses by words alone when the embedder throws, rejects, times out or answers in the wrong shape, and reports why', async () => {
    const body = { context: salaryConversation(), query: QUESTION, level: 'standard' };
    const lexical = await send(await emulatorWith(), { body });
    const broken: [string, (texts: string[]) => Promise<number[][]>, RegExp][] = [
      [
        'throws',
        () => {
          throw new Error('embedding service unreachable');
        },
        /embedding service unreachable/,
      ],
      [
        'rejects',
        () => Promise.reject(new Error('429 from the embedder')),
        /429 from the embedder/,
      ],
      ['never answers', () => new Promise(() => {}), /did not answer within 50 ms/],
      [
        'answers NaN',
        async (texts) => texts.map(() => [Number.NaN, 1]),
        /vectors of finite numbers, all of one length: vector 0/,
      ],
      [
        'answers too few vectors',
        async (texts) => (await standInEmbed(texts)).slice(1),
        /one vector per text: it was given 62 texts and returned 61/,
      ],
      [
        'answers vectors of unequal length',
        async (texts) => texts.map((_, at) => (at === 5 ? [1, 2] : [1, 2, 3])),
        /all of one length: vector 5/,
      ],
    ];
    for (const [label, embed, reported] of broken) {
      const errors: unknown[] = [];
      const emulator = await emulatorWith({
        embed,
        embedTimeoutMs: 50,
        onEmbedError: (error) => errors.push(error),
      });
      const received = await send(emulator, { body });
      expect(received.status, label).toBe(200);
      expect(received.json.data, label).toEqual(lexical.json.data);
      expect(received.json.usage.request, label).toEqual(lexical.json.usage.request);
      expect(errors.map(String), label).toEqual([expect.stringMatching(reported)]);
    }
  });

  it('answers 503 shutting_down at once when closed while the embedder runs, not after embedTimeoutMs', async () => {
    let embedding!: () => void;
    const called = new Promise<void>((resolve) => {
      embedding = resolve;
    });
    const emulator = await startEmulator({
      embed: () => {
        embedding();
        return new Promise(() => {});
      },
    });
    const body = { context: salaryConversation(), query: QUESTION, level: 'standard' };
    const answer = send(emulator, { body });
    await called;
    const closing = performance.now();
    await emulator.close();
    // The default embedTimeoutMs is 30 s; close() gives running requests one second.
    expect(performance.now() - closing).toBeLessThan(5_000);
    const received = await answer;
    expect(received.status).toBe(503);
    expect(received.json.error.code).toBe('shutting_down');
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(0);
  });

  it('refuses to start with an embed that is not a function, naming it', async () => {
    await expect(startEmulator({ embed: 'text-embedding-3-small' as never })).rejects.toThrow(
      /embed must be a function \(texts: string\[\]\) => Promise<number\[\]\[\]>/,
    );
    await expect(startEmulator({ embed: standInEmbed, embedTimeoutMs: -1 })).rejects.toThrow(
      /embedTimeoutMs must be a whole number of milliseconds/,
    );
  });
});

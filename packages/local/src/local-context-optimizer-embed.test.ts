import { APIUserAbortError } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import {
  ANSWER,
  salaryConversation as conversation,
  QUESTION,
  standInEmbed,
} from './emulator/testing/salary-conversation.ts';
import { LocalContextOptimizer } from './index.ts';

/**
 * `embed`: messages scored by meaning as well as by shared words. The conversation's
 * answer ("more pay at her job") shares no content word with the question ("happy with
 * her salary"); a stand-in embedder that knows pay and salary are one topic makes it
 * compete for the budget, and the compressed conversation keeps it.
 */

describe('LocalContextOptimizer embed option', () => {
  it('keeps the message that answers in other words, and calls embed once with the query then every message', async () => {
    const calls: string[][] = [];
    const embed = async (texts: string[]) => {
      calls.push(texts);
      return standInEmbed(texts);
    };
    const context = conversation();
    const lexical = await new LocalContextOptimizer().compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    const semantic = await new LocalContextOptimizer({ embed }).compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    expect(lexical.data.compressed).not.toContain(ANSWER);
    expect(semantic.data.compressed).toContain(ANSWER);
    expect(semantic.usage.request.compressedTokens).toBeLessThanOrEqual(
      Math.floor(semantic.usage.request.inputTokens / 4),
    );
    expect(calls).toEqual([[QUESTION, ...context.map((message) => message.content)]]);
  });

  it('is read the same by a worker of the pool (a conversation of 32,768 characters or more)', async () => {
    const context = conversation(400);
    expect(context.reduce((size, message) => size + message.content.length, 0)).toBeGreaterThan(
      32_768,
    );
    const lexical = await new LocalContextOptimizer().compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    expect(lexical.data.compressed).not.toContain(ANSWER);
    const semantic = await new LocalContextOptimizer({ embed: standInEmbed }).compress({
      context,
      query: QUESTION,
      level: 'standard',
    });
    expect(semantic.data.compressed).toContain(ANSWER);
  });

  it('is not called without a query or for a context string', async () => {
    let called = 0;
    const embed = async (texts: string[]) => {
      called++;
      return standInEmbed(texts);
    };
    const optimizer = new LocalContextOptimizer({ embed });
    await optimizer.compress({ context: conversation(), level: 'standard' });
    await optimizer.compress({
      context: conversation()
        .map((message) => message.content)
        .join('\n'),
      query: QUESTION,
      level: 'standard',
    });
    expect(called).toBe(0);
  });

  it('compresses by words alone when the answer has the wrong shape, and reports the rule it broke', async () => {
    const params = { context: conversation(), query: QUESTION, level: 'standard' as const };
    const lexical = await new LocalContextOptimizer().compress(params);
    const errors: unknown[] = [];
    const short = new LocalContextOptimizer({
      embed: async () => [[1, 0]],
      onEmbedError: (error) => errors.push(error),
    });
    expect((await short.compress(params)).data).toEqual(lexical.data);
    const ragged = new LocalContextOptimizer({
      embed: async (texts) => texts.map((_, at) => (at === 3 ? [1] : [1, 0])),
      onEmbedError: (error) => errors.push(error),
    });
    expect((await ragged.compress(params)).data).toEqual(lexical.data);
    expect(errors.map(String)).toEqual([
      expect.stringMatching(/embed must resolve to one vector per text: it was given 62 texts/),
      expect.stringMatching(
        /embed must resolve to vectors of finite numbers, all of one length: vector 3/,
      ),
    ]);
  });

  it('rejects with APIUserAbortError when the signal fires while the embedder runs', async () => {
    const controller = new AbortController();
    const optimizer = new LocalContextOptimizer({
      embed: () => {
        setTimeout(() => controller.abort(), 10);
        return new Promise(() => {});
      },
    });
    const started = performance.now();
    const call = optimizer.compress(
      { context: conversation(), query: QUESTION, level: 'standard' },
      { signal: controller.signal },
    );
    await expect(call).rejects.toSatisfy((error) => APIUserAbortError.isInstance(error));
    // Not after the default embedTimeoutMs of 30 s.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(optimizer.ledger.usedTokens('local')).toBe(0);
  });

  it('refuses an embed option that is not a function, and a broken embedTimeoutMs or onEmbedError', () => {
    expect(() => new LocalContextOptimizer({ embed: 'text-embedding-3-small' as never })).toThrow(
      /embed must be a function/,
    );
    expect(() => new LocalContextOptimizer({ embed: standInEmbed, embedTimeoutMs: 0 })).toThrow(
      /embedTimeoutMs must be a whole number of milliseconds/,
    );
    expect(
      () => new LocalContextOptimizer({ embed: standInEmbed, onEmbedError: true as never }),
    ).toThrow(/onEmbedError must be a function/);
  });
});

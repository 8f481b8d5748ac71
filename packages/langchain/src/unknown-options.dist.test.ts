import { InvalidOptionError } from '@ctxopt/core';
import {
  ContextOptimizerCompressor,
  ContextOptimizerRunnable,
  contextOptimizerMiddleware,
} from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { HumanMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';

const untyped = (options: Record<string, unknown>) => options as never;

function thrown(run: () => unknown): InvalidOptionError {
  try {
    run();
  } catch (error) {
    expect(InvalidOptionError.isInstance(error)).toBe(true);
    return error as InvalidOptionError;
  }
  throw new Error('expected an InvalidOptionError');
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('unknown and renamed options throw at construction, naming them (LangChain)', () => {
  it('contextOptimizerMiddleware and ContextOptimizerRunnable: a renamed option names its replacement', () => {
    const middleware = thrown(() =>
      contextOptimizerMiddleware(untyped({ compressToolHistory: false })),
    );
    expect(middleware.field).toBe('compressToolHistory');
    expect(middleware.message).toContain(
      'contextOptimizerMiddleware: compressToolHistory was renamed: use toolResults',
    );
    const runnable = thrown(
      () => new ContextOptimizerRunnable(untyped({ protectLastMessages: 4 })),
    );
    expect(runnable.message).toContain(
      'ContextOptimizerRunnable: protectLastMessages was renamed: use keep',
    );
  });

  it('a misspelt option names itself and the known ones', () => {
    const error = thrown(() => contextOptimizerMiddleware(untyped({ keepLast: 2 })));
    expect(error.field).toBe('keepLast');
    expect(error.message).toMatch(/keepLast is not an option \(known: .*toolResults/);
  });

  it('ContextOptimizerCompressor: a misspelt option names itself; its documented ones pass', () => {
    const error = thrown(() => new ContextOptimizerCompressor(untyped({ combined: true })));
    expect(error.field).toBe('combined');
    expect(error.message).toMatch(
      /ContextOptimizerCompressor: combined is not an option \(known: .*combine, concurrency/,
    );
    expect(
      () =>
        new ContextOptimizerCompressor({
          apiKey: 'sk-test',
          baseURL: 'http://127.0.0.1:9',
          maxRetries: 0,
          level: 'standard',
          combine: true,
          concurrency: 2,
          separator: '\n',
          onError: 'throw',
          minTokens: 10,
        }),
    ).not.toThrow();
    expect(
      () => new ContextOptimizerCompressor({ optimizer: new LocalContextOptimizer() }),
    ).not.toThrow();
  });

  it('accepts every option it documents', () => {
    expect(() =>
      contextOptimizerMiddleware({
        apiKey: 'sk-test',
        baseURL: 'http://127.0.0.1:9',
        maxRetries: 0,
        mode: 'balanced',
        toolResults: { exclude: ['search'] },
        keep: { tokens: 200 },
        blocks: { recallTokens: 0 },
        onCompress: () => {},
        compressedMessage: (text) => new HumanMessage(text),
        timeout: 1000,
      }),
    ).not.toThrow();
  });

  it('per call, through createAgent: a renamed option in runtime.context.ctxopt names its replacement', async () => {
    const api = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    cleanups.push(api.close);
    const agent = createAgent({
      model: new ChatOpenAI({
        model: 'gpt-4o-mini',
        apiKey: 'sk-test-openai',
        configuration: { baseURL: api.baseURL },
      }),
      tools: [],
      middleware: [contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() })],
    });
    await expect(
      agent.invoke(
        { messages: [new HumanMessage('Hello')] },
        { context: { ctxopt: { compressToolHistory: false } } as never },
      ),
    ).rejects.toThrow('runtime.context.ctxopt.compressToolHistory was renamed: use toolResults');
    expect(api.requests).toHaveLength(0);
  });
});

import { createOpenAI } from '@ai-sdk/openai';
import { InvalidArgumentError } from '@ai-sdk/provider';
import { contextOptimizerMiddleware, createContextOptimizer } from '@ctxopt/ai-sdk';
import type { ConversationPolicyFields } from '@ctxopt/core';
import type { ClientOptionKey } from '@ctxopt/core/internal';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, wrapLanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import type { ContextOptimizerProviderFields } from './context-optimizer-provider.ts';
import type { ContextOptimizerMiddlewareFields } from './middleware-options.ts';
import type { middlewareOwnKeys, providerOwnKeys } from './option-keys.ts';
import './test-support/quiet-warnings.ts';

// Every option of the option types is in the lists the check accepts (a typecheck error otherwise).
type Source = ClientOptionKey | 'optimizer';
type UnlistedMiddleware = Exclude<
  keyof ContextOptimizerMiddlewareFields,
  (typeof middlewareOwnKeys)[number] | Source | keyof ConversationPolicyFields
>;
type UnlistedProvider = Exclude<
  keyof ContextOptimizerProviderFields,
  (typeof providerOwnKeys)[number] | Source
>;
const everyOptionListed: [UnlistedMiddleware | UnlistedProvider] extends [never] ? true : never =
  true;
void everyOptionListed;

function thrown(run: () => unknown): InvalidArgumentError {
  try {
    run();
  } catch (error) {
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    return error as InvalidArgumentError;
  }
  throw new Error('expected an InvalidArgumentError');
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('unknown and renamed options throw at construction, naming them (AI SDK)', () => {
  const untyped = (options: Record<string, unknown>) => options as never;

  it('contextOptimizerMiddleware: a renamed option names its replacement', () => {
    const renamed = thrown(() =>
      contextOptimizerMiddleware(untyped({ compressToolHistory: false })),
    );
    expect(renamed.argument).toBe('compressToolHistory');
    expect(renamed.message).toContain('contextOptimizerMiddleware: compressToolHistory');
    expect(renamed.message).toContain('use toolResults');
    const keep = thrown(() => contextOptimizerMiddleware(untyped({ protectLastMessages: 4 })));
    expect(keep.message).toContain('protectLastMessages was renamed: use keep');
  });

  it('contextOptimizerMiddleware: a misspelt option names itself and the known ones', () => {
    const error = thrown(() =>
      contextOptimizerMiddleware(untyped({ toolResult: { compress: false } })),
    );
    expect(error.argument).toBe('toolResult');
    expect(error.message).toMatch(/toolResult is not an option \(known: .*toolResults/);
  });

  it('accepts every option it documents', () => {
    expect(() =>
      contextOptimizerMiddleware({
        apiKey: 'sk-test',
        baseURL: 'http://127.0.0.1:9',
        maxRetries: 0,
        strategy: 'compress',
        level: 'standard',
        toolResults: { compress: false },
        keep: { messages: 2 },
        blocks: false,
        onUsage: () => {},
        onCompress: () => {},
        compressedMessage: (text) => ({ role: 'user', content: [{ type: 'text', text }] }),
        timeout: 1000,
        cacheSize: 4,
      }),
    ).not.toThrow();
  });

  it('createContextOptimizer: an unknown setting names itself', () => {
    const error = thrown(() => createContextOptimizer(untyped({ levl: 'ultra' })));
    expect(error.message).toContain('createContextOptimizer: levl is not an option');
  });

  it('per call, through generateText: a renamed option in providerOptions.ctxopt names its replacement', async () => {
    const api = await startFakeOpenAIChat(() => ({ text: 'ok' }));
    cleanups.push(api.close);
    const model = wrapLanguageModel({
      model: createOpenAI({ apiKey: 'sk-test-openai', baseURL: api.baseURL }).chat('gpt-4o-mini'),
      middleware: contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() }),
    });
    const error = await generateText({
      model,
      prompt: 'Hello',
      providerOptions: { ctxopt: { protectLastMessages: 2 } },
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).argument).toBe(
      'providerOptions.ctxopt.protectLastMessages',
    );
    expect((error as Error).message).toContain('was renamed: use keep');
    expect(api.requests).toHaveLength(0);
  });
});

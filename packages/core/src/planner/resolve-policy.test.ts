import { applyCallOptions, InvalidOptionError, resolveConversationPolicy } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../policy/compression-policy.ts';

describe('resolveConversationPolicy', () => {
  it('fills in the shared defaults', () => {
    const policy = resolveConversationPolicy({});
    expect(policy).toMatchObject({
      minTokens: 500,
      trigger: {},
      keep: { messages: 0 },
      toolResults: { compress: true, keepLast: 3, exclude: [], minTokens: 100 },
      reasoning: 'keep',
      pinnedRoles: ['system'],
      timeout: 5000,
      onError: 'passthrough',
      disabled: false,
      cacheSize: 32,
    });
    expect(DEFAULT_POLICY.timeout).toBe(5000);
  });

  it.each([
    [{ level: 'extreme' }, 'level', 'must be one of low, standard, ultra, auto'],
    [{ level: 'low', mode: 'balanced' }, 'mode', 'must not be set together with level'],
    [{ minTokens: -1 }, 'minTokens', 'must be an integer of at least 0'],
    [{ timeout: 0 }, 'timeout', 'must be an integer of at least 1'],
    [{ toolResults: { keepLast: 1.5 } }, 'toolResults.keepLast', 'must be an integer'],
    [{ toolResults: { exclude: 'search' } }, 'toolResults.exclude', 'must be an array'],
    [{ toolResults: { keeplast: 2 } }, 'toolResults.keeplast', 'is not an option'],
    [{ trigger: { fraction: 1.5 } }, 'trigger.fraction', 'must be a number above 0'],
    [{ keep: { messages: -2 } }, 'keep.messages', 'must be an integer of at least 0'],
    [{ reasoning: 'prune' }, 'reasoning', 'must be one of keep, drop'],
    [{ cacheSize: -1 }, 'cacheSize', 'must be an integer of at least 0'],
    [{ tokenCounter: 4 }, 'tokenCounter', 'must be a function'],
  ])('refuses %j, naming %s and its rule', (options, field, rule) => {
    let thrown: unknown;
    try {
      resolveConversationPolicy(options as never, { owner: 'contextOptimizerMiddleware' });
    } catch (error) {
      thrown = error;
    }
    expect(InvalidOptionError.isInstance(thrown)).toBe(true);
    const error = thrown as InvalidOptionError;
    expect(error.field).toBe(field);
    expect(error.message).toContain(`contextOptimizerMiddleware: ${field} ${rule}`);
  });
});

describe('applyCallOptions', () => {
  const policy = resolveConversationPolicy({ mode: 'balanced', toolResults: { keepLast: 5 } });

  it('lays per-call options over the instance policy, merging toolResults field by field', () => {
    const call = applyCallOptions(policy, { level: 'ultra', toolResults: { exclude: ['search'] } });
    expect(call.level).toBe('ultra');
    expect(call.mode).toBeUndefined();
    expect(call.toolResults).toMatchObject({ keepLast: 5, exclude: ['search'], compress: true });
    expect(policy.mode).toBe('balanced');
  });

  it('checks per-call options like the constructor, naming the channel', () => {
    expect(() =>
      applyCallOptions(
        policy,
        { toolResults: { keepLast: -1 } },
        { prefix: 'providerOptions.ctxopt.' },
      ),
    ).toThrow('providerOptions.ctxopt.toolResults.keepLast must be an integer of at least 0');
    expect(() =>
      applyCallOptions(policy, { cacheSize: 3 }, { prefix: 'runtime.context.ctxopt.' }),
    ).toThrow('runtime.context.ctxopt.cacheSize is not a per-call option');
    expect(() => applyCallOptions(policy, 'fast', { prefix: 'providerOptions.ctxopt.' })).toThrow(
      'providerOptions.ctxopt must be an object',
    );
  });

  it('returns the same policy when there is nothing to apply', () => {
    expect(applyCallOptions(policy, undefined)).toBe(policy);
  });
});

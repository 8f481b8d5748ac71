import type { PlannerMessage } from '@ctxopt/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_CACHE_BREAKPOINTS,
  cacheBreakpoints,
  conversationEnd,
  fitCacheBreakpoints,
  tailBreakpoint,
} from './cache-breakpoints.ts';

const user = (text: string): PlannerMessage => ({ role: 'user', text });
const call = (id: string): PlannerMessage => ({ role: 'assistant', text: '', toolCallIds: [id] });
const result = (id: string): PlannerMessage => ({
  role: 'tool',
  text: 'order 1 | ...',
  toolResultIds: [id],
});
const answer = (text: string): PlannerMessage => ({ role: 'assistant', text });
const system: PlannerMessage = { role: 'system', text: 'You answer order questions.' };

describe('cache breakpoints of block mode', () => {
  it('caches nothing for a single question: no later call reads it back', () => {
    expect(conversationEnd([system, user('q')])).toBeUndefined();
    expect(tailBreakpoint([system, user('q')])).toBeUndefined();
    expect(cacheBreakpoints([system, user('q')], undefined)).toEqual([]);
  });

  it('caches a prompt that ends with a question to its end', () => {
    const messages = [system, user('q1'), call('a'), result('a'), answer('ok'), user('q2')];
    expect(tailBreakpoint(messages)).toBe(5);
    expect(cacheBreakpoints(messages, 4)).toEqual([3, 5]);
  });

  it('leaves the turn’s fresh tool result out of the cache when no turn loops: the next turn compresses it', () => {
    const messages = [
      system,
      user('q1'),
      call('a'),
      result('a'),
      answer('ok'),
      user('q2'),
      call('b'),
      result('b'),
    ];
    expect(tailBreakpoint(messages)).toBe(6);
    expect(cacheBreakpoints(messages, 4)).toEqual([3, 6]);
  });

  it('caches the fresh results too once the conversation shows a tool loop (the next step reads them)', () => {
    const looped = [
      system,
      user('q1'),
      call('a'),
      result('a'),
      call('b'),
      result('b'),
      answer('ok'),
    ];
    expect(tailBreakpoint([...looped, user('q2'), call('c'), result('c')])).toBe(9);
    // The current turn already loops.
    const current = [system, user('q1'), call('a'), result('a'), call('b'), result('b')];
    expect(tailBreakpoint(current)).toBe(5);
  });
});

describe('block mode’s breakpoints fit beside the app’s own marks', () => {
  const marks = (count: number, marked: number[] = []) => ({ count, marked: new Set(marked) });

  it('places both when the app has none, the latest when one fits, none when the app fills the budget', () => {
    expect(fitCacheBreakpoints([3, 5], marks(0))).toEqual([3, 5]);
    expect(fitCacheBreakpoints([3, 5], marks(3))).toEqual([5]);
    expect(fitCacheBreakpoints([3, 5], marks(4))).toEqual([]);
    expect(fitCacheBreakpoints([3, 5], marks(6))).toEqual([]);
  });

  it('needs no slot where the app already marks the message', () => {
    expect(fitCacheBreakpoints([3, 5], marks(3, [5]))).toEqual([3]);
    expect(fitCacheBreakpoints([3, 5], marks(2, [3, 5]))).toEqual([]);
  });

  it('whatever the app marks, the request stays within four and ours are a subset of the wanted', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat({ max: 30 }), { maxLength: 3 }),
        fc.nat({ max: 6 }),
        fc.uniqueArray(fc.nat({ max: 30 }), { maxLength: 4 }),
        (wanted, count, marked) => {
          const sorted = [...wanted].sort((left, right) => left - right);
          const placed = fitCacheBreakpoints(sorted, marks(count, marked));
          for (const index of placed) {
            expect(sorted).toContain(index);
            expect(marked).not.toContain(index);
          }
          if (count <= ANTHROPIC_CACHE_BREAKPOINTS) {
            expect(count + placed.length).toBeLessThanOrEqual(ANTHROPIC_CACHE_BREAKPOINTS);
          } else expect(placed).toEqual([]);
        },
      ),
    );
  });
});

import type { PlannerMessage } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { cacheBreakpoints, conversationEnd, tailBreakpoint } from './cache-breakpoints.ts';

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

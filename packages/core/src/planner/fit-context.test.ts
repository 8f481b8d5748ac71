import { describe, expect, it } from 'vitest';
import { fitContext } from './fit-context.ts';

describe('fitContext', () => {
  it('keeps up to 500 messages as messages', () => {
    const messages = Array.from({ length: 500 }, (_, index) => ({
      role: index % 2 ? 'assistant' : 'user',
      content: `m${index}`,
    }));
    expect(fitContext(messages)).toEqual(messages);
  });

  it('turns 501 messages into one transcript string, in order', () => {
    const messages = Array.from({ length: 501 }, (_, index) => ({
      role: index % 2 ? 'assistant' : 'user',
      content: `m${index}`,
    }));
    const context = fitContext(messages);
    expect(typeof context).toBe('string');
    expect((context as string).split('\n\n')).toHaveLength(501);
    expect((context as string).startsWith('user: m0\n\nassistant: m1')).toBe(true);
    expect((context as string).endsWith('user: m500')).toBe(true);
  });
});

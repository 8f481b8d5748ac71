import { afterAll, describe, expect, it, vi } from 'vitest';
import type * as terms from './query-terms.ts';

// Counts the calls while keeping what the real function returns. A worker may have loaded
// the engine for another file already: the modules are loaded afresh around the mock.
vi.resetModules();
vi.doMock('./query-terms.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof terms>();
  return { ...actual, queryTerms: vi.fn(actual.queryTerms) };
});
const { compressContext } = await import('./compress-context.ts');
const counted = vi.mocked((await import('./query-terms.ts')).queryTerms);
afterAll(() => {
  vi.doUnmock('./query-terms.ts');
  vi.resetModules();
});

/**
 * The question's terms, with their other forms, cost a scan of the context's whole
 * vocabulary: the first pass, the bridge pass and a conversation's scenes read them
 * from one computation, not one each.
 */
describe('the query terms of a call', () => {
  const conversation = Array.from({ length: 40 }, (_, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: `${at % 10 === 0 ? `(Scene ${at / 10 + 1}) ` : ''}${at % 2 ? 'Ross' : 'Monica'}: message ${at} about the party, the coffee and Marcel the monkey, who was seen near apartment ${at * 7}.`,
  })) as { role: 'user' | 'assistant'; content: string }[];

  it('are worked out once for a conversation with a question', () => {
    counted.mockClear();
    const result = compressContext({
      context: conversation,
      query: 'Where was Marcel during the party?',
      level: 'standard',
    });
    expect(result.status).toBe('compressed');
    expect(counted).toHaveBeenCalledTimes(1);
  });

  it('are worked out once for passages with a question', () => {
    const passages = conversation.map((message) => message.content).join('\n\n');
    counted.mockClear();
    const result = compressContext({
      context: passages,
      query: 'Which apartment was Marcel seen near?',
      level: 'standard',
    });
    expect(result.status).toBe('compressed');
    expect(counted).toHaveBeenCalledTimes(1);
  });
});

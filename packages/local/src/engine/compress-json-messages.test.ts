import { compressContext, countTokens } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adversarialJson, changedNumbers } from '../../../../test/support/adversarial-json.ts';
import { propertyRuns } from '../../../../test/support/property-runs.ts';

/**
 * JSON in, valid JSON out, wherever the JSON is: a context that is one document, or a
 * message of a conversation (a tool result holding an API response) whose content is
 * one, at every level, with and without a query, on adversarial documents: deep nesting,
 * huge arrays, any unicode, `__proto__` keys, and numbers at the edge of precision,
 * whose text never changes (`1.10` stays `1.10`, `12345678901234567890` is not rounded).
 */

const LEVELS = ['low', 'standard', 'ultra'] as const;
const QUERIES = ['', 'What is owner.contact.email?', 'price of item 7', 'next'];

const jsonDocument = adversarialJson;

const prose = fc
  .array(
    fc.constantFrom(
      'The ferry to Kestrel Island resumed on 14 March 2024.',
      'Marta asked for the price list of the harbour cranes.',
      'Please check the owner of the account before the refund.',
      'The storm damaged the northern pier; repairs took nine days.',
      'Oduya confirmed the order and asked for the invoice by email.',
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((sentences) => sentences.join(' '));

const conversation = fc.array(
  fc.oneof(
    prose.map((content) => ({ role: 'user', content })),
    prose.map((content) => ({ role: 'assistant', content })),
    jsonDocument.map((content) => ({ role: 'tool', content })),
  ),
  { minLength: 1, maxLength: 8 },
);

function expectSameNumbers(output: string, inputs: string[]) {
  expect(changedNumbers(output, inputs)).toEqual([]);
}

function withQuery(query: string) {
  return query ? { query } : {};
}

describe('JSON through the engine', () => {
  it('a context that is one document: valid JSON with the same number texts, at every level', () => {
    fc.assert(
      fc.property(
        jsonDocument,
        fc.constantFrom(...LEVELS),
        fc.constantFrom(...QUERIES),
        (context, level, query) => {
          const result = compressContext({ context, level, ...withQuery(query) });
          expect(() => JSON.parse(result.compressed)).not.toThrow();
          expectSameNumbers(result.compressed, [context]);
          expect(result.compressedTokens).toBe(countTokens(result.compressed));
        },
      ),
      { numRuns: propertyRuns(80) },
    );
  });

  it('a message that is one document comes back valid JSON, with the same number texts, or not at all', () => {
    fc.assert(
      fc.property(
        conversation,
        fc.constantFrom(...LEVELS),
        fc.constantFrom(...QUERIES),
        (context, level, query) => {
          const result = compressContext({ context, level, ...withQuery(query) });
          expect(result.compressedTokens).toBe(countTokens(result.compressed));
          if (context.length > 0 && result.inputTokens >= 100)
            expect(result.compressed.trim()).not.toBe('');
          // Prose never opens a line with a role label, and JSON text holds no raw line
          // break inside a string, so the output splits back into its messages.
          const messages = result.compressed.split(/\n(?=(?:user|assistant|tool):)/);
          const tools = context
            .filter((message) => message.role === 'tool')
            .map((message) => message.content);
          for (const message of messages) {
            const tool = /^tool:\s*/.exec(message);
            if (!tool) continue;
            const content = message.slice(tool[0].length);
            expect(() => JSON.parse(content), content.slice(0, 200)).not.toThrow();
            expectSameNumbers(content, tools);
          }
        },
      ),
      { numRuns: propertyRuns(100) },
    );
  });

  it('keeps the members a query names from a large tool result among prose turns', () => {
    const items = Array.from(
      { length: 400 },
      (_, index) => `{"id":${index},"price":1.10,"note":"Dock ${index} passed the brake check."}`,
    ).join(',');
    const toolResult = `{"items":[${items}],"owner":{"login":"kestrel-ops","contact":{"email":"ops@example.org"}}}`;
    const context = [
      { role: 'user', content: 'Look up the account of the harbour operator.' },
      { role: 'assistant', content: 'I will call the accounts tool.' },
      { role: 'tool', content: toolResult },
      {
        role: 'user',
        content: 'Thanks. The storm damaged the northern pier; repairs took nine days.',
      },
    ];
    const result = compressContext({
      context,
      query: 'What is owner.contact.email?',
      level: 'standard',
    });
    expect(result.status).toBe('compressed');
    const tool = result.compressed.split('\n').find((line) => line.startsWith('tool:'));
    expect(tool).toBeDefined();
    const document = JSON.parse(tool!.slice('tool:'.length));
    expect(document.owner.contact.email).toBe('ops@example.org');
    expect(tool).toContain('"price":1.10');
  });
});

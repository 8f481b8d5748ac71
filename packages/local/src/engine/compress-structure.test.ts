import { describe, expect, it } from 'vitest';
import { compressContext } from './compress-context.ts';
import { countTokens } from './tokenizer.ts';

const CODE = [
  '```ts',
  'export function retryDelay(attempt: number): number {',
  '  const base = 250 * 2 ** attempt;',
  '  return base + Math.random() * base;',
  '}',
  '```',
].join('\n');

const TABLE = [
  '| status | retried | reason |',
  '| ------ | ------- | ------ |',
  '| 409 | no | idempotency conflict |',
  '| 429 | yes | rate limited, honours Retry-After |',
  '| 503 | yes | transient server error |',
].join('\n');

const FILLER = [
  'The service keeps a ledger of monthly usage for every account.',
  'Each request is logged with its request identifier for support.',
  'Keys are rotated from the customer panel in the integrations section.',
  'The documentation site is rebuilt every night from the main branch.',
  'Support answers questions in English and in Spanish during office hours.',
  'Invoices are issued on the first day of every calendar month.',
];

function manual(): string {
  return [
    '# Client guide',
    FILLER.slice(0, 3).join(' '),
    '## Retries',
    `The client computes the retry delay with exponential backoff and jitter. ${FILLER[3]}`,
    CODE,
    '## Status codes',
    'Which statuses are retried is listed below.',
    TABLE,
    '## Billing',
    FILLER.slice(3).join(' '),
  ].join('\n\n');
}

describe('compressContext on structured text', () => {
  it('keeps a fenced code block whole, drops it whole, or cuts it inside balanced fences', () => {
    for (const query of ['retry delay backoff jitter attempt', 'invoices billing month']) {
      for (const level of ['low', 'standard', 'ultra'] as const) {
        const { compressed, inputTokens } = compressContext({ context: manual(), query, level });
        const fences = compressed.split('```').length - 1;
        expect(fences % 2).toBe(0);
        const whole = fences === 0 || compressed.includes(CODE);
        // Only a block over half the ultra budget is cut inside.
        expect(whole || countTokens(CODE) > Math.max(32, inputTokens / 20)).toBe(true);
      }
    }
    const { compressed } = compressContext({
      context: manual(),
      query: 'how is the retry delay computed with backoff?',
      level: 'low',
    });
    expect(compressed).toContain(CODE);
  });

  it('keeps a markdown table whole or drops it whole', () => {
    const { compressed } = compressContext({
      context: manual(),
      query: 'which status codes are retried, 409 429 503?',
      level: 'low',
    });
    expect(compressed).toContain(TABLE);
    for (const level of ['low', 'standard', 'ultra'] as const) {
      const other = compressContext({ context: manual(), query: 'invoices each month', level });
      const rows = other.compressed.split('\n').filter((line) => line.startsWith('|'));
      expect(rows.length === 0 || other.compressed.includes(TABLE)).toBe(true);
    }
  });

  it('keeps the heading of a section it keeps text from, below ultra', () => {
    const { compressed } = compressContext({
      context: manual(),
      query: 'Invoices are issued when?',
      level: 'standard',
    });
    expect(compressed).toContain('Invoices are issued on the first day');
    expect(compressed).toContain('## Billing');
    expect(compressed.indexOf('## Billing')).toBeLessThan(compressed.indexOf('Invoices'));
  });

  it('keeps each kept message under its role label, in order', () => {
    const context = [
      { role: 'system', content: 'You answer questions about the client library.' },
      { role: 'user', content: `${FILLER.join(' ')} How are retries delayed?` },
      {
        role: 'assistant',
        content: `The client waits with exponential backoff and jitter between attempts. ${FILLER.slice(0, 4).join(' ')}`,
      },
      { role: 'user', content: `Show me the code.\n\n${CODE}\n\n${FILLER.slice(2).join(' ')}` },
    ];
    const result = compressContext({
      context,
      query: 'retry delay backoff jitter code',
      level: 'low',
    });
    expect(result.status).toBe('compressed');
    expect(result.compressedTokens).toBe(countTokens(result.compressed));
    const labels = result.compressed
      .split('\n')
      .map((line) => /^(system|user|assistant):/.exec(line)?.[1])
      .filter((label) => label !== undefined);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(result.compressed).toContain('assistant: The client waits with exponential backoff');
    expect(result.compressed).toMatch(/user:[\s\S]*```ts/);
    expect(result.compressed.indexOf('assistant:')).toBeLessThan(
      result.compressed.lastIndexOf('user:'),
    );
    const rendered = context.map((message) => `${message.role}: ${message.content}`).join('\n');
    expect(result.inputTokens).toBe(countTokens(rendered));
  });
});

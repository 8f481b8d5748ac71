import { describe, expect, it } from 'vitest';
import { detailView } from './detail-view.ts';
import { detail } from './testing/operation-fixtures.ts';
import { elementsOf, oneWithClass, textOf, withClass } from './testing/view-query.ts';

const headings = (view: ReturnType<typeof detailView>) =>
  elementsOf(view)
    .filter((element) => element.tag === 'h3')
    .map(textOf);

describe('the view of one operation', () => {
  it('shows its figures, the query, the original marked kept and dropped, and the compressed text', () => {
    const view = detailView(detail(), 65_536);
    expect(textOf(oneWithClass(view, 'detail-head'))).toMatch(
      /^Operation req_0123456789abcdef.* · 12 ms$/,
    );
    expect(withClass(view, 'chip').map(textOf)).toEqual([
      'endpoint POST /v1/compress',
      'status 200',
      'level / mode level ultra',
      'tokens 1,200 → 400',
      'saved 800 (66.7%)',
    ]);
    expect(textOf(oneWithClass(view, 'query'))).toBe('What is the capital of France?');
    expect(textOf(oneWithClass(view, 'legend'))).toBe(
      'keptdropped2 of 3 sentences and blocks kept',
    );
    const original = oneWithClass(view, 'text original');
    expect(textOf(original)).toBe(
      'Paris is the capital. Octopuses have three hearts. It is large.',
    );
    expect(withClass(original, 'segment dropped').map(textOf)).toEqual([
      'Octopuses have three hearts.',
    ]);
    expect(textOf(oneWithClass(view, 'text compressed'))).toBe(
      'Paris is the capital. It is large.',
    );
    expect(headings(view)).toEqual([
      'Query',
      'Original context · 1,200 tokens',
      'Compressed · 400 tokens',
    ]);
    expect(withClass(view, 'note')).toEqual([]);
  });

  it('shows each explained sentence’s score, reason and main signals as its title', () => {
    const view = detailView(
      detail({
        segments: [
          {
            text: 'Paris is the capital.',
            kept: true,
            score: 1.5,
            reason: 'selected',
            signals: { query: 1.4, salience: 0.1 },
          },
          { text: ' ', kept: true },
          {
            text: 'Octopuses have three hearts.',
            kept: false,
            score: 0.2,
            reason: 'below_rank',
            signals: { query: 0, salience: 0.2 },
          },
        ],
      }),
      65_536,
    );
    const original = oneWithClass(view, 'text original');
    expect(withClass(original, 'segment kept').map((span) => span.attributes.title)).toEqual([
      'score 1.500 · selected · query match 1.400, salience 0.100',
    ]);
    expect(withClass(original, 'segment dropped').map((span) => span.attributes.title)).toEqual([
      'score 0.200 · below rank · salience 0.200',
    ]);
    expect(textOf(original)).toBe('Paris is the capital. Octopuses have three hearts.');
    expect(textOf(oneWithClass(view, 'legend'))).toContain(
      'point at a sentence for its score and signals',
    );
  });

  it('shows a generate answer, and says its compressed text was computed again', () => {
    const view = detailView(
      detail({
        endpoint: '/v1/generate',
        operation: 'generate',
        level: undefined,
        mode: 'balanced',
        provider: 'openai',
        model: 'gpt-4o-mini',
        compressed: { text: 'Paris is the capital. It is large.', source: 'recomputed' },
        answer: 'Paris.',
      }),
      65_536,
    );
    expect(withClass(view, 'chip').map(textOf)).toContain('model openai gpt-4o-mini');
    expect(withClass(view, 'chip').map(textOf)).toContain('level / mode mode balanced');
    expect(textOf(oneWithClass(view, 'note'))).toMatch(
      /computed again by the same deterministic engine/,
    );
    expect(textOf(oneWithClass(view, 'answer'))).toBe('AnswerParis.');
  });

  it('quotes the cap when the context was cut, with and without a comparison', () => {
    const cut = { chars: 100_000, truncated: true };
    const compared = detailView(detail({ context: cut }), 65_536);
    expect(textOf(oneWithClass(compared, 'note'))).toBe(
      'The context had 100,000 characters; the first 65,536 are shown.',
    );
    const failed = detailView(
      detail({
        status: 409,
        code: 'idempotency_key_reused',
        context: cut,
        compressed: null,
        segments: null,
      }),
      65_536,
    );
    expect(withClass(failed, 'chip').map(textOf)).toContain('status 409 idempotency_key_reused');
    expect(textOf(failed)).toContain('No compression to compare');
    expect(textOf(oneWithClass(failed, 'note'))).toBe(
      'The context had 100,000 characters; the inspector keeps the first 65,536.',
    );
    expect(withClass(failed, 'segment')).toEqual([]);
  });

  it('says when a request never reached the operation, and shows a dropped socket and a fault', () => {
    const view = detailView(
      detail({
        status: null,
        fault: 'drop',
        level: undefined,
        operation: null,
        inputTokens: undefined,
        query: null,
        context: null,
        compressed: null,
        segments: null,
      }),
      65_536,
    );
    expect(withClass(view, 'chip').map(textOf)).toEqual([
      'endpoint POST /v1/compress',
      'status dropped',
      'level / mode –',
      'fault drop',
    ]);
    expect(headings(view)).toEqual([]);
    expect(textOf(view)).toContain('This request did not reach the operation: no context to show.');
  });

  it('shows an empty query as (empty), and user text only as text', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const view = detailView(
      detail({
        query: '',
        requestId: hostile,
        segments: [{ text: hostile, kept: false }],
        answer: `<script>${hostile}</script>`,
      }),
      65_536,
    );
    expect(textOf(oneWithClass(view, 'query'))).toBe('(empty)');
    const tags = new Set(elementsOf(view).map((element) => element.tag));
    expect([...tags].sort()).toEqual(['div', 'h2', 'h3', 'p', 'pre', 'span', 'strong']);
    expect(textOf(view)).toContain(hostile);
  });
});

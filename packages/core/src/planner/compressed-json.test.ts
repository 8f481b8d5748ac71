import { compressedPartText } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { compressedToolResultText } from './compressed-history.ts';

/** A compressed JSON tool result or block part stays one valid JSON document, its numbers untouched. */
describe('the note on a compressed JSON document', () => {
  it('is the first member of an object, spliced in as text', () => {
    const text = compressedToolResultText('{"price":1.10,"big":12345678901234567890}');
    expect(text).toBe(
      '{"$compressed":"Tool result (compressed)","price":1.10,"big":12345678901234567890}',
    );
    expect(JSON.parse(text).$compressed).toBe('Tool result (compressed)');
  });

  it('wraps an array, and fills an empty object', () => {
    expect(compressedToolResultText(' [1e400, -0] ')).toBe(
      '{"$compressed":"Tool result (compressed)","$items":[1e400, -0]}',
    );
    expect(compressedToolResultText('{ }')).toBe('{"$compressed":"Tool result (compressed)"}');
  });

  it('never overwrites a member of the document', () => {
    const text = compressedToolResultText('{"$compressed":false,"$$compressed":0}');
    expect(JSON.parse(text)).toEqual({
      $$$compressed: 'Tool result (compressed)',
      $compressed: false,
      $$compressed: 0,
    });
  });

  it('carries the handle of a block part inside the JSON', () => {
    const text = compressedPartText('{"id":7}', 'cx0123456789ab');
    expect(JSON.parse(text)).toEqual({
      $compressed: 'compressed: ctxopt_retrieve {"handle":"cx0123456789ab"}',
      id: 7,
    });
  });

  it('leaves text that is not one JSON document as before', () => {
    expect(compressedToolResultText('{"a":1} and more')).toBe(
      'Tool result (compressed):\n\n{"a":1} and more',
    );
    expect(compressedPartText('Plain text.', 'cx0123456789ab')).toBe(
      'Plain text.\n[compressed: ctxopt_retrieve {"handle":"cx0123456789ab"}]',
    );
  });

  it('adds no header to a block part, whose handle note says it was compressed', () => {
    const handle = `cx${'0a'.repeat(16)}`;
    for (const compressed of ['order 1 | pending\norder 2 | shipped', '[{"id":7},{"id":8}]']) {
      const part = compressedPartText(compressed, handle);
      expect(compressedToolResultText(part)).toBe(part);
    }
    // A text that only mentions the tool still gets its header.
    const mention = 'Call ctxopt_retrieve {"handle":"cx1"} for more.';
    expect(compressedToolResultText(mention)).toBe(`Tool result (compressed):\n\n${mention}`);
  });
});

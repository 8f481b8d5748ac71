import { describe, expect, it } from 'vitest';
import { cosine } from '../emulator/message-similarity.ts';
import { textVector, wordVectors } from './word-vectors.ts';

describe('word vectors', () => {
  it('holds frequent words as unit vectors of signed bytes', () => {
    const { dimensions, rows, data } = wordVectors()!;
    expect(rows.size).toBeGreaterThan(20_000);
    expect(data.length).toBe(rows.size * dimensions);
    const row = rows.get('salary')!;
    const length = Math.hypot(...data.subarray(row * dimensions, (row + 1) * dimensions));
    expect(length).toBeGreaterThan(120);
    expect(length).toBeLessThan(134);
  });

  it('puts words of one meaning closer than unrelated words', () => {
    const near = cosine(textVector(['salary'])!, textVector(['pay'])!);
    const far = cosine(textVector(['salary'])!, textVector(['hiking'])!);
    expect(near).toBeGreaterThan(far + 0.3);
  });

  it('matches a sentence to a question it shares no content word with', () => {
    const question = textVector('is she happy with her salary'.split(' '))!;
    const evidence = textVector('I want to get more pay at my job'.split(' '))!;
    const other = textVector('We went hiking in the mountains last weekend'.split(' '))!;
    expect(cosine(question, evidence)).toBeGreaterThan(cosine(question, other));
  });

  it('gives no vector to words outside the table', () => {
    expect(textVector(['qwxzv', '12345'])).toBeUndefined();
  });
});

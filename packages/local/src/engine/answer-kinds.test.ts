import { describe, expect, it } from 'vitest';
import { answerKindTest } from './answer-kinds.ts';

describe('answerKindTest', () => {
  it('takes a place for "where" and "place of": a capitalised name after "in" or "at"', () => {
    const test = answerKindTest('Where did the director of film The Fatal Mistake die?')!;
    expect(test('Dunlap died in Los Angeles in 1970.')).toBe(true);
    expect(test('He studied at Balliol College.')).toBe(true);
    expect(test('He directed twenty films.')).toBe(false);
    expect(answerKindTest('What is the place of birth of Paal Bog?')!('Born in Nærøy.')).toBe(true);
  });

  it('takes a year for "when", "date" and "birthday"', () => {
    const test = answerKindTest('When is the director of film Mr. District Attorney’s birthday?')!;
    expect(test('Peter Godfrey (16 October 1899 – 4 March 1970) was a director.')).toBe(true);
    expect(test('He was born in London.')).toBe(false);
  });

  it('takes "was an American ..." for a country or a nationality', () => {
    const test = answerKindTest('Which country the director of film Home Is The Hero is from?')!;
    expect(test('Fielder Cook was an American television and film director.')).toBe(true);
    expect(test('He was a director of television.')).toBe(false);
  });

  it('holds every kind the question asks for', () => {
    const test = answerKindTest(
      'When and where was the director of film Riders of the Plains born?',
    )!;
    expect(test('He lived in Paris.')).toBe(true);
    expect(test('He died in 1960.')).toBe(true);
  });

  it('asks for no kind in a question without those words, or in another language', () => {
    expect(
      answerKindTest('Who is the spouse of the director of film The Golden Calf?'),
    ).toBeUndefined();
    expect(answerKindTest('Wo starb der Regisseur des Films Das goldene Kalb?')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { stripEnding } from './word-endings.ts';

const ENDINGS = ['ings', 'ing', 's'];
const threeLetters = (root: string) => root.length >= 3;

describe('stripEnding', () => {
  it('strips the first listed ending the word ends with', () => {
    expect(stripEnding('readings', ENDINGS, threeLetters)).toBe('read');
    expect(stripEnding('reading', ENDINGS, threeLetters)).toBe('read');
  });

  it('tries a shorter ending when a longer one leaves too short a root', () => {
    expect(stripEnding('kings', ENDINGS, threeLetters)).toBe('king');
  });

  it('gives the ending to the rule, and the word back when no ending may go', () => {
    const seen: string[] = [];
    const none = (root: string, ending: string) => {
      seen.push(`${root}+${ending}`);
      return false;
    };
    expect(stripEnding('sings', ENDINGS, none)).toBe('sings');
    expect(seen).toEqual(['s+ings', 'sing+s']);
    expect(stripEnding('read', ENDINGS, threeLetters)).toBe('read');
  });
});

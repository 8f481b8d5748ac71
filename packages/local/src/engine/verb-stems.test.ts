import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { stem } from './terms.ts';
import { FILM_PASSAGES } from './testing/film-passages.ts';

/**
 * A two-hop question that asks where someone died: the film's passage names its
 * director, and the director's passage says where he died in a sentence that shares
 * nothing else with the question ("He died ..."); his other sentences name places too,
 * and so do the other films' and directors' passages.
 */
const PASSAGES = [
  'The Frozen Lantern\nThe Frozen Lantern is a 1945 mystery film starring Elena Marsh and Tala Birk, directed by Harold Yount.',
  'Harold Yount\nHarold Yount (November 13, 1897 – March 3, 1972) was an American film director and editor. Born in Portland, he worked as an editor in Paris and London. He moved to New York in 1935 and to Toronto in 1950. He died in Beverly Hills after a long illness.',
  ...FILM_PASSAGES,
];

describe('verbs in "-ie"', () => {
  it('stem "died" and "dies" as "die", and leave longer "-ied" words to their own endings', () => {
    expect(stem('died')).toBe('die');
    expect(stem('dies')).toBe('die');
    expect(stem('die')).toBe('die');
    expect(stem('tied')).toBe('tie');
    expect(stem('studied')).toBe('studi');
  });

  it('keep the sentence that says where the director died for a question asking where he "die"d', () => {
    const result = compressContext({
      context: PASSAGES.join('\n\n'),
      query: 'Where did the director of film The Frozen Lantern die?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('Beverly Hills');
  });
});

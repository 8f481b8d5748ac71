import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { FILM_PASSAGES } from './testing/film-passages.ts';

/**
 * The first hop's sentence is longer than a piece (refine-units.ts cuts it for the
 * budget), and its first piece, the one that names the film, does not name the
 * cinematographer: "... and photographed by Harold Yount." comes in a later piece, which
 * shares no word with the question. His passage shares nothing with the question either.
 */
const PASSAGES = [
  'The Frozen Lantern\nThe Frozen Lantern is a 1945 mystery film starring Elena Marsh, Tala Birk, Evelyn Rowe, Martin Kessler, Douglas Dunmore, Milburn Stoke, Arthur Hale, Dorothy Lane, Gerald Fane, Lucille Gray, Ernest Royle and Mona Kerr, produced in the spring of that year with a score by Frank Skinner, and photographed by Harold Yount.',
  'Harold Yount\nHarold Yount was a camera operator. Yount grew up in Portland and worked in Paris before the war.',
  ...FILM_PASSAGES,
];

describe('a bridge source cut into pieces', () => {
  it('lends the names of its whole sentence, so the second hop is kept at ultra', () => {
    const result = compressContext({
      context: PASSAGES.join('\n\n'),
      query: 'In which place did the cinematographer of film The Frozen Lantern grow up?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('Portland');
  });
});

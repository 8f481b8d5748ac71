import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';

/**
 * A sentence too long for the budget is cut into pieces (refine-units.ts). The answer
 * often runs on past the piece that holds the question's words, so the piece after it
 * inherits more of its relevance than a sentence next to a matching one does.
 */
const FILLER = [
  'The valley road climbs past old farms and quiet orchards toward the northern ridge.',
  'Every autumn the market square fills with apples, honey and woollen goods from the hills.',
  'A narrow bridge of grey stone crosses the river below the mill.',
  'The school on the hill has taught the children of three villages since the war.',
  'Fishermen mend their nets on the beach while gulls circle above the dunes.',
  'The library keeps maps, letters and diaries written by the first settlers.',
  'In summer the lake draws swimmers, painters and families with their picnics.',
  'The old church bell rings at noon and again when the evening falls.',
  'Sheep graze on the salt meadows behind the sea wall until the first frost.',
  'The baker opens before dawn and sells out of rye loaves by nine.',
  'Two ferries a day cross the sound to the island when the weather allows.',
  'The museum shows tools, boats and photographs from a century of fishing.',
  'Wild roses grow over the ruins of the abbey on the western headland.',
  'A brass band plays in the park on the first Sunday of every month.',
  'The railway line along the shore was closed and is now a cycling path.',
  'Storms in March often flood the lower streets near the quay.',
];
/** Shares the question's names, and so does the sentence after it, by inheritance. */
const NAMED = 'The crane of Port Elms was painted bright red by the harbour workers this spring.';
const AFTER_NAMED =
  'Visitors like to walk along the long wooden pier at dusk to watch the small fishing boats come home with their catch.';
/** One sentence, cut in pieces: the question's words in the first, the answer in the second. */
const ANSWER =
  'Records of Port Elms show that the crane was first designed in the cold winter of 1872 by a young engineer from the coast named Samuel Okafor, who later built bridges and lighthouses along the whole northern shore.';

const context = [
  ...FILLER.slice(0, 4),
  NAMED,
  AFTER_NAMED,
  ...FILLER.slice(4, 10),
  ANSWER,
  ...FILLER.slice(10),
].join(' ');

describe('pieces of one sentence', () => {
  it('keeps the piece that goes on from the best one, over a neighbouring sentence', () => {
    const result = compressContext({
      context,
      query: 'Who designed the crane of Port Elms?',
      level: 'ultra',
    });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain('Records of Port Elms');
    expect(result.compressed).toContain('Samuel Okafor');
  });
});

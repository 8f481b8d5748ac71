import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counter.ts';
import { messageSpans } from './message-spans.ts';
import { queryTerms } from './query-terms.ts';
import { renderContext } from './render-context.ts';
import { sceneRelevance } from './scene-relevance.ts';
import { segment } from './segment.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import { indexUnits } from './unit-index.ts';

function scenesOf(contents: string[], query: string) {
  const { text, labels } = renderContext(contents.map((content) => ({ role: 'user', content })));
  const segmentation = segment(text, labels);
  const tokens = Int32Array.from(segmentation.units, ({ start, end }) =>
    countChunks(text, start, end),
  );
  const index = indexUnits(text, segmentation.units);
  const terms = queryTerms(query, index, true)!;
  return sceneRelevance(text, messageSpans(segmentation, tokens), index, terms, DEFAULT_TUNING);
}

describe('sceneRelevance', () => {
  it('gives every message its scene’s relevance, the best scene 1', () => {
    const scores = scenesOf(
      [
        '(Scene 1) Ross: The coffee is cold again.',
        'Monica: I will make more.',
        '(Scene 2) Ross: Has anyone seen Marcel at the party?',
        'Rachel: Oh no, not in my room!',
        '(Scene 3) Joey: The party was fun.',
        'Chandler: It was.',
      ],
      'Where was Marcel during the party?',
    );
    expect(scores && [...scores]).toEqual([0, 0, 1, 1, expect.any(Number), expect.any(Number)]);
    expect(scores![4]).toBeGreaterThan(0);
    expect(scores![4]).toBeLessThan(1);
  });

  it('gives nothing to a conversation in one piece', () => {
    // A stamp on the first message alone opens no second scene; brackets later in a message are no stamp.
    const scores = scenesOf(
      [
        '(29.12.2023) Emi: Hey! How are you?',
        'elise: Good, I went to the party (the one at work).',
        'Emi: Nice!',
      ],
      'Which party did elise go to?',
    );
    expect(scores).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counter.ts';
import { renderContext } from './render-context.ts';
import { segment } from './segment.ts';
import { messageSpans, scoreTurnPriors, TURN_PRIOR_WEIGHTS } from './turn-priors.ts';
import { indexUnits } from './unit-index.ts';

function prepare(contents: string[], weights = TURN_PRIOR_WEIGHTS) {
  const { text, labels } = renderContext(
    contents.map((content, at) => ({ role: at % 2 === 0 ? 'user' : 'assistant', content })),
  );
  const segmentation = segment(text, labels);
  const tokens = Int32Array.from(
    segmentation.units.map(({ start, end }) => countChunks(text, start, end)),
  );
  const spans = messageSpans(segmentation, tokens);
  return {
    text,
    spans,
    tokens,
    priors: scoreTurnPriors(text, spans, indexUnits(text, segmentation.units), weights),
  };
}

describe('messageSpans', () => {
  it('gives every message its own run of units, and the tokens add up to the whole', () => {
    const { text, spans, tokens } = prepare([
      'Hello there. How are you?',
      'Fine, thanks. And you?',
      'Good.',
    ]);
    expect(spans.map((span) => span.message)).toEqual([0, 1, 2]);
    expect(spans[0]!.first).toBe(0);
    for (let at = 1; at < spans.length; at++)
      expect(spans[at]!.first).toBe(spans[at - 1]!.last + 1);
    expect(spans.reduce((sum, span) => sum + span.tokens, 0)).toBe(
      tokens.reduce((a, b) => a + b, 0),
    );
    expect(text.slice(spans[2]!.start, spans[2]!.end)).toContain('Good.');
  });
});

describe('scoreTurnPriors', () => {
  it('scores a turn with names, numbers and a decision above small talk at the same place', () => {
    const fact = 'We decided to meet Dr. Okafor in Lisbon on 14 May at 9:30.';
    const talk = 'That sounds nice, thank you for telling me.';
    const filler = ['Okay.', 'Sure.', 'Right.', 'Yes.'];
    const withFact = prepare([...filler, fact, ...filler]).priors[4]!;
    const withTalk = prepare([...filler, talk, ...filler]).priors[4]!;
    expect(withFact).toBeGreaterThan(withTalk);
  });

  it('scores a turn where the speaker tells about themselves above the same kind of remark about nobody', () => {
    const filler = ['Okay.', 'Sure.', 'Right.', 'Yes.'];
    const disclosed = 'I work night shifts at the hospital and my sister does too.';
    const remark = 'Night shifts at a hospital sound hard for anyone who does them.';
    const withDisclosure = prepare([...filler, disclosed, ...filler]).priors[4]!;
    const withRemark = prepare([...filler, remark, ...filler]).priors[4]!;
    expect(withDisclosure).toBeGreaterThan(withRemark);
  });

  it('does not count the word after a speaker name and colon as a name', () => {
    const filler = ['Okay.', 'Sure.', 'Right.', 'Yes.'];
    const named = prepare([...filler, 'Nicolas: Hey there, how was the day?', ...filler]);
    const plain = prepare([...filler, 'Nicolas: hey there, how was the day?', ...filler]);
    expect(named.priors[4]!).toBeCloseTo(plain.priors[4]!, 10);
  });

  it('scores the first statement of a fact above its later repetition', () => {
    const fact = 'My sister Clara moved to Porto in March 2021 with her dog Miso.';
    const { priors } = prepare([fact, 'Okay.', 'Sure.', fact]);
    expect(priors[0]!).toBeGreaterThan(priors[3]!);
  });

  it('scores later turns of equal content higher (recency)', () => {
    const { priors } = prepare(['Same words here.', 'Other words there.', 'Same words here?']);
    expect(priors[2]!).toBeGreaterThan(0);
    // Recency alone: the other signals (the role label is not new in the third message)
    // would mix in.
    const recencyOnly = Object.fromEntries(
      Object.keys(TURN_PRIOR_WEIGHTS).map((name) => [name, name === 'recency' ? 1 : 0]),
    ) as unknown as typeof TURN_PRIOR_WEIGHTS;
    const flat = prepare(['alpha beta', 'gamma delta', 'epsilon zeta'], recencyOnly).priors;
    expect(flat[2]!).toBeGreaterThan(flat[0]!);
  });
});

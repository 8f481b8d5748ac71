import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counter.ts';
import { messageSpans } from './message-spans.ts';
import { renderContext } from './render-context.ts';
import { segment } from './segment.ts';
import { scoreTurnPriors, TURN_PRIOR_WEIGHTS } from './turn-priors.ts';
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

const FILLER = ['Okay.', 'Sure.', 'Right.', 'Yes.'];

/** The prior of `message` between two runs of small talk. */
function priorAmidFiller(message: string): number {
  return prepare([...FILLER, message, ...FILLER]).priors[FILLER.length]!;
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
    const withFact = priorAmidFiller(fact);
    const withTalk = priorAmidFiller(talk);
    expect(withFact).toBeGreaterThan(withTalk);
  });

  it('scores a turn where the speaker tells about themselves above the same kind of remark about nobody', () => {
    const disclosed = 'I work night shifts at the hospital and my sister does too.';
    const remark = 'Night shifts at a hospital sound hard for anyone who does them.';
    const withDisclosure = priorAmidFiller(disclosed);
    const withRemark = priorAmidFiller(remark);
    expect(withDisclosure).toBeGreaterThan(withRemark);
  });

  it('does not count the word after a speaker name and colon as a name', () => {
    const named = priorAmidFiller('Nicolas: Hey there, how was the day?');
    const plain = priorAmidFiller('Nicolas: hey there, how was the day?');
    expect(named).toBeCloseTo(plain, 10);
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

  it('scores what opens a date-stamped session above the same message deep inside it', () => {
    const adopted = 'I adopted a puppy called Latte from the shelter on Maple Road.';
    const repaired = 'Fixed my old bicycle Comet in the garage by Birch Lane.';
    const talk = ['Haha nice.', 'Oh really?', 'Yes, totally.', 'Makes sense.'];
    // One session of 24 messages: the stamp, small talk, `first` second and `second` 22nd.
    const session = (first: string, second: string, stamp: string) => {
      const contents = [`${stamp}Hey, how is it going?`];
      for (let filler = 0; contents.length < 24; filler++) {
        if (contents.length === 2) contents.push(first);
        else if (contents.length === 22) contents.push(second);
        else contents.push(talk[filler % talk.length]!);
      }
      return contents;
    };
    const early = prepare(session(adopted, repaired, '(2024-01-10) ')).priors[2]!;
    const late = prepare(session(repaired, adopted, '(2024-01-10) ')).priors[22]!;
    expect(early).toBeGreaterThan(late);
    // Without a stamp there is no session to open: the later one is the more recent.
    const unstampedEarly = prepare(session(adopted, repaired, '')).priors[2]!;
    const unstampedLate = prepare(session(repaired, adopted, '')).priors[22]!;
    expect(unstampedLate).toBeGreaterThan(unstampedEarly);
  });

  it('scores a turn that tells what happened above a remark of the same length', () => {
    const happened = priorAmidFiller('I finally got back from the lake near Bled with Ana.');
    const remark = priorAmidFiller('I think the lake near Bled is lovely for Ana.');
    expect(happened).toBeGreaterThan(remark);
  });

  it('scores the reply to a question above the same message after a statement', () => {
    const reply = 'To the lake near Bled with my cousin Ana.';
    const asked = prepare([...FILLER, 'So you went out then?', reply]).priors[5]!;
    const told = prepare([...FILLER, 'So you went out then.', reply]).priors[5]!;
    expect(asked).toBeGreaterThan(told);
  });
});

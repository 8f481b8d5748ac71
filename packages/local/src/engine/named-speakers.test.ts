import { describe, expect, it } from 'vitest';
import { countChunks } from './chunk-counter.ts';
import { messageSpans } from './message-spans.ts';
import { namedSpeakerMessages } from './named-speakers.ts';
import { queryTerms } from './query-terms.ts';
import { renderContext } from './render-context.ts';
import { segment } from './segment.ts';
import { speakerLabels } from './speaker-labels.ts';
import { indexUnits } from './unit-index.ts';

/** The named-speaker flags of a conversation of `Speaker: text` messages, for `query`. */
function flagsOf(lines: readonly string[], query: string): number[] | undefined {
  const context = lines.map((content) => ({ role: 'user' as const, content }));
  const { text, labels } = renderContext(context);
  const segmentation = segment(text, labels);
  const index = indexUnits(text, segmentation.units);
  const tokens = Int32Array.from(segmentation.units, ({ start, end }) =>
    countChunks(text, start, end),
  );
  const spans = messageSpans(segmentation, tokens);
  const flags = namedSpeakerMessages(
    text,
    speakerLabels(text, labels),
    spans,
    index,
    queryTerms(query, index, true)!,
  );
  return flags && [...flags];
}

const chat = [
  'Ross Geller: I spent the morning at the museum.',
  'Rachel Green: Oh my God, this sweater is perfect.',
  'Ross Geller: No - no, he is very docile.',
  'Monica Geller: Who moved the cushions?',
  'Rachel Green: Not me.',
  'Monica Geller: Then who did?',
];

describe('namedSpeakerMessages', () => {
  it('flags the turns of the one speaker the query names', () => {
    expect(flagsOf(chat, 'What does Ross tell the doctor?')).toEqual([1, 0, 1, 0, 0, 0]);
    expect(flagsOf(chat, 'what did rachel think of the sweater?')).toEqual([0, 1, 0, 0, 1, 0]);
  });

  it('flags nothing when the query names no speaker, or two of them', () => {
    expect(flagsOf(chat, 'Who moved the cushions?')).toBeUndefined();
    expect(flagsOf(chat, 'What do Ross and Rachel argue about?')).toBeUndefined();
    // "Geller" names two speakers, Ross and Monica.
    expect(flagsOf(chat, 'What did the Geller family do?')).toBeUndefined();
  });

  it('flags nothing when the named speaker says every message', () => {
    const monologue = ['Ross Geller: Hi.', 'Ross Geller: Anyone here?', 'Ross Geller: Fine.'];
    expect(flagsOf(monologue, 'What did Ross say?')).toBeUndefined();
  });

  it('takes no word of a message that opens a label only once for a speaker', () => {
    const lines = ['Note: bring the museum keys.', ...chat];
    expect(flagsOf(lines, 'What does the note say?')).toBeUndefined();
  });
});

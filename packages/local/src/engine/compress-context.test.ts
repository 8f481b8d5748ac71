import { describe, expect, it } from 'vitest';
import { compressContext } from './compress-context.ts';
import { countTokens } from './tokenizer.ts';

const DISTRACTORS = [
  'The Amazon rainforest covers much of the Amazon basin of South America. It spans nine nations and holds countless species. Deforestation there has grown since the 1970s.',
  'Mount Kilimanjaro is a dormant volcano in Tanzania. It has three volcanic cones named Kibo, Mawenzi and Shira. Climbers reach its summit by several routes.',
  'The Great Barrier Reef is the largest coral reef system in the world. It lies in the Coral Sea off Queensland. Warming water has bleached large parts of it.',
  'Johann Sebastian Bach was a German composer of the Baroque period. He wrote the Brandenburg Concertos and the Goldberg Variations. His music is admired for its counterpoint.',
  'The Sahara is the largest hot desert on Earth. It covers most of North Africa. Its climate has swung between wet and dry over the last few hundred thousand years.',
  'Marie Curie was a physicist and chemist who studied radioactivity. She won Nobel Prizes in two different sciences. She was born in Warsaw in 1867.',
  'The Danube flows through ten countries on its way to the Black Sea. Vienna, Budapest and Belgrade lie on its banks. It was a frontier of the Roman Empire.',
  'Photosynthesis turns light energy into chemical energy in plants. Chlorophyll absorbs mostly blue and red light. Oxygen is released as a by-product.',
  'The Silk Road was a network of trade routes linking East and West. Merchants carried silk, spices and ideas along it. It flourished under the Han dynasty.',
  'Ada Lovelace wrote what is often called the first computer program. She worked with Charles Babbage on the Analytical Engine. Her notes describe an algorithm for Bernoulli numbers.',
];

const ANSWER = 'The Eiffel Tower was completed in 1889 for the World Fair in Paris.';
const GOLD = `The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars. ${ANSWER} Gustave Eiffel's company designed and built it. Millions of people visit it every year.`;

function documents(): string {
  const texts = [...DISTRACTORS.slice(0, 6), GOLD, ...DISTRACTORS.slice(6)];
  const titles = ['Amazon', 'Kilimanjaro', 'Reef', 'Bach', 'Sahara', 'Curie', 'Eiffel Tower'];
  return texts
    .map((text, index) => `Document [${index + 1}] (Title: ${titles[index] ?? 'Topic'}) ${text}`)
    .join('\n');
}

const QUERY = 'When was the Eiffel Tower completed?';

describe('compressContext', () => {
  it('keeps the sentence that answers the query at ultra and drops most distractors', () => {
    const context = documents();
    const result = compressContext({ context, query: QUERY, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain(ANSWER);
    const distractorsKept = DISTRACTORS.flatMap((text) => text.split('. ')).filter((sentence) =>
      result.compressed.includes(sentence.replace(/\.$/, '')),
    );
    expect(distractorsKept.length).toBeLessThanOrEqual(2);
    expect(result.compressedTokens * 10).toBeLessThanOrEqual(result.inputTokens);
  });

  it('reports usage figures that are exact counts of the text it returns', () => {
    for (const level of ['low', 'standard', 'ultra'] as const) {
      const result = compressContext({ context: documents(), query: QUERY, level });
      expect(result.inputTokens).toBe(countTokens(documents()));
      expect(result.compressedTokens).toBe(countTokens(result.compressed));
      expect(result.savedTokens).toBe(result.inputTokens - result.compressedTokens);
      const pct = (100 * result.savedTokens) / result.inputTokens;
      expect(result.reductionPct).toBeCloseTo(pct, 2);
    }
  });

  it('orders the measured ratios of the levels: low < standard < ultra', () => {
    const ratios = (['low', 'standard', 'ultra'] as const).map((level) => {
      const result = compressContext({ context: documents(), query: QUERY, level });
      expect(result.targetRatio).toBe({ low: 2, standard: 4, ultra: 10 }[level]);
      expect(result.inputTokens / result.compressedTokens).toBeGreaterThanOrEqual(
        result.targetRatio,
      );
      return result.inputTokens / result.compressedTokens;
    });
    expect(ratios[0]).toBeLessThan(ratios[1]!);
    expect(ratios[1]).toBeLessThan(ratios[2]!);
  });

  it('keeps the original order of what it keeps', () => {
    const context = documents();
    const result = compressContext({
      context,
      query: 'Eiffel Tower Paris Danube Vienna',
      level: 'low',
    });
    const sentences = result.compressed
      .split(/(?<=[.!?])\s+|\n/)
      .map((sentence) => sentence.replace(/^Document \[\d+\] \(Title: [^)]*\)\s*/, ''))
      .filter((sentence) => sentence.length > 0);
    expect(sentences.length).toBeGreaterThan(3);
    let last = -1;
    for (const sentence of sentences) {
      const position = context.indexOf(sentence);
      expect(position).toBeGreaterThan(last);
      last = position;
    }
  });

  it('drops repeated text, and keeps a near-repeat that brings a new word', () => {
    const paragraph = DISTRACTORS.slice(0, 5).join(' ');
    const context = `${paragraph}\n\n${paragraph}\n\n${paragraph.replace('largest', 'biggest')}`;
    const result = compressContext({ context, level: 'low' });
    for (const sentence of paragraph.split(/(?<=\.) /)) {
      const copies = result.compressed.split(sentence).length - 1;
      expect(copies).toBeLessThanOrEqual(1);
    }
    // "biggest" is a word the kept text lacks: not a duplicate.
    expect(result.compressed).toContain('biggest');
  });

  it('returns a short input unchanged as skipped', () => {
    const context = 'A short note about the Eiffel Tower, well under a hundred tokens.';
    const result = compressContext({ context, query: QUERY, level: 'ultra' });
    expect(result).toMatchObject({
      compressed: context,
      status: 'skipped',
      savedTokens: 0,
      reductionPct: 0,
    });
    expect(result.inputTokens).toBe(countTokens(context));
    expect(result.compressedTokens).toBe(result.inputTokens);
  });

  it('compresses by salience when there is no query', () => {
    const result = compressContext({ context: documents(), level: 'standard' });
    expect(result.status).toBe('compressed');
    expect(result.compressedTokens * 4).toBeLessThanOrEqual(result.inputTokens);
    expect(result.compressedTokens).toBeGreaterThan(0);
    expect(documents()).toContain(result.compressed.split('\n')[0]!.slice(0, 40));
  });

  it('maps modes and auto to their ratios', () => {
    const ratio = (params: object) =>
      compressContext({ context: documents(), query: QUERY, ...params }).targetRatio;
    expect(ratio({ mode: 'conservative' })).toBe(1.5);
    expect(ratio({ mode: 'balanced' })).toBe(3);
    expect(ratio({ mode: 'aggressive' })).toBe(6);
    expect(ratio({ level: 'auto' })).toBe(2);
    expect(ratio({})).toBe(2);
    expect(compressContext({ context: documents().repeat(4) }).targetRatio).toBe(2);
    expect(compressContext({ context: documents().repeat(4), query: QUERY }).targetRatio).toBe(4);
  });
});

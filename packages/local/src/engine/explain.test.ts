import type { CompressParams } from '@ctxopt/core';
import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROSE_NAMES, PROSE_WORDS } from './testing/prose-vocabulary.ts';

/**
 * `explain` tells why each unit was kept or dropped, and never changes what is kept:
 * the explanation agrees with the output, and the output is the same byte for byte
 * with and without it.
 */

const word = fc.constantFrom(...PROSE_WORDS);
const name = fc.constantFrom(...PROSE_NAMES);
const sentence = fc
  .tuple(name, fc.array(word, { minLength: 4, maxLength: 14 }), fc.integer({ min: 0, max: 9999 }))
  .map(([who, words, number]) => `${who} ${words.join(' ')} ${number}.`);
const passage = fc.array(sentence, { minLength: 1, maxLength: 6 }).map((list) => list.join(' '));
const layout = fc.constantFrom(
  (texts: string[]) => texts.join('\n\n'),
  (texts: string[]) => texts.map((text, at) => `## Part ${at}\n\n${text}`).join('\n\n'),
  (texts: string[]) => texts.map((text, at) => `Document [${at + 1}] ${text}`).join('\n'),
  (texts: string[]) => texts.map((text) => `- ${text}`).join('\n'),
);
const context = fc
  .tuple(fc.array(passage, { minLength: 2, maxLength: 30 }), layout)
  .map(([texts, join]) => join(texts));
const query = fc.option(
  fc.tuple(name, word, word).map((words) => `What about ${words.join(' ')}?`),
  { nil: undefined },
);
const level = fc.constantFrom('low', 'standard', 'ultra' as const);
const messages = fc
  .array(fc.tuple(fc.constantFrom('user', 'assistant'), passage), { minLength: 2, maxLength: 30 })
  .map((list) => list.map(([role, content]) => ({ role, content })));

const params = fc.record(
  {
    context: fc.oneof(context, messages),
    query,
    level,
  },
  { requiredKeys: ['context', 'level'] },
) as fc.Arbitrary<CompressParams>;

describe('explain', () => {
  it('never changes the output: byte-identical with and without it', () => {
    fc.assert(
      fc.property(params, (request) => {
        const plain = compressContext(request);
        const { explanation, ...explained } = compressContext(request, { explain: true });
        expect(explained).toEqual(plain);
        expect(plain.explanation).toBeUndefined();
        expect(explanation).toBeDefined();
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with the output: kept units are in it, dropped ones are not, the units tile the text', () => {
    fc.assert(
      fc.property(context, query, level, (text, question, chosen) => {
        const result = compressContext(
          { context: text, level: chosen, ...(question ? { query: question } : {}) },
          { explain: true },
        );
        const explanation = result.explanation!;
        let at = 0;
        for (const unit of explanation.units) {
          expect(unit.start).toBe(at);
          expect(text.slice(unit.start, unit.end)).toBe(unit.text);
          at = unit.end;
        }
        if (explanation.units.length > 0) expect(at).toBe(text.length);
        const kept = explanation.units.filter((unit) => unit.kept);
        for (const unit of kept) expect(result.compressed).toContain(unit.text.trim());
        const keptText = kept.map((unit) => unit.text).join('\n');
        for (const unit of explanation.units) {
          const body = unit.text.trim();
          if (unit.kept || body.length < 20) continue;
          // Only text that appears once, and not inside a kept unit, can be told absent.
          if (text.indexOf(body) !== text.lastIndexOf(body) || keptText.includes(body)) continue;
          expect(result.compressed).not.toContain(body);
        }
        if (explanation.strategy === 'units') {
          // Ranked best first until the budget is full: nothing the budget never reached
          // scores above a unit it selected.
          const selected = explanation.units.filter((unit) => unit.reason === 'selected');
          const belowRank = explanation.units.filter(
            (unit) => unit.reason === 'below_rank' && unit.kind !== 'heading',
          );
          const lowestSelected = Math.min(...selected.map((unit) => unit.score));
          for (const unit of belowRank) expect(unit.score).toBeLessThanOrEqual(lowestSelected);
          for (const unit of explanation.units) {
            expect(['selected', 'companion', 'filler', 'fallback'].includes(unit.reason)).toBe(
              unit.kept,
            );
          }
          expect(explanation.budget).toBe(Math.floor(result.inputTokens / result.targetRatio));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('shows the query match as what keeps the answer sentence', () => {
    const distractors = [
      'The Amazon rainforest covers much of the Amazon basin of South America. It spans nine nations and holds countless species.',
      'Mount Kilimanjaro is a dormant volcano in Tanzania. It has three volcanic cones named Kibo, Mawenzi and Shira.',
      'The Great Barrier Reef is the largest coral reef system in the world. It lies in the Coral Sea off Queensland.',
      'Johann Sebastian Bach was a German composer of the Baroque period. He wrote the Brandenburg Concertos.',
      'The Sahara is the largest hot desert on Earth. It covers most of North Africa and its climate has swung between wet and dry.',
      'Marie Curie was a physicist and chemist who studied radioactivity. She won Nobel Prizes in two different sciences.',
      'The Danube flows through ten countries on its way to the Black Sea. Vienna, Budapest and Belgrade lie on its banks.',
    ];
    const answer = 'The Eiffel Tower was completed in 1889 for the World Fair in Paris.';
    const text = [
      ...distractors.slice(0, 4),
      `The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars. ${answer} Millions of people visit it every year.`,
      ...distractors.slice(4),
    ].join('\n\n');
    const result = compressContext(
      { context: text, query: 'When was the Eiffel Tower completed?', level: 'ultra' },
      { explain: true },
    );
    expect(result.compressed).toContain(answer);
    const units = result.explanation!.units;
    const unit = units.find((each) => each.text.includes('completed in 1889'))!;
    expect(unit).toMatchObject({ kept: true, reason: 'selected' });
    // Its query match is the best of all units, and without it the unit would rank
    // below every other unit kept.
    const best = Math.max(...units.map((each) => each.signals.query ?? 0));
    expect(unit.signals.query).toBe(best);
    const others = units.filter((each) => each.reason === 'selected' && each !== unit);
    for (const other of others) {
      expect(unit.score - unit.signals.query!).toBeLessThan(other.score);
    }
    for (const each of units) {
      if (each.reason === 'selected' || each.reason === 'below_rank') {
        const parts =
          (each.signals.query ?? 0) +
          (each.signals.bridge ?? 0) +
          (each.signals.salience ?? 0) +
          (each.signals.definition ?? 0);
        expect(parts).toBeCloseTo(each.score, 9);
      }
    }
  });

  it('explains a conversation message by message', () => {
    const context = Array.from({ length: 40 }, (_, at) => ({
      role: at % 2 ? 'assistant' : 'user',
      content:
        at === 17
          ? 'My sister Oduya moved to Lisbon in March to open a bakery near the harbour.'
          : `We talked about the weather and the garden on day ${at}, nothing else of note.`,
    }));
    const result = compressContext(
      { context, query: 'Where did Oduya move?', level: 'ultra' },
      { explain: true },
    );
    const explanation = result.explanation!;
    expect(explanation.strategy).toBe('turns');
    const moved = explanation.units.find((unit) => unit.text.includes('Oduya moved'))!;
    expect(moved).toMatchObject({ kept: true, reason: 'turn' });
    expect(moved.signals.turnRelevance).toBe(1);
    for (const unit of explanation.units) {
      if (unit.kept) expect(result.compressed).toContain(unit.text.trim());
    }
  });

  it('marks the units of a JSON message kept in part, which comes back cut as JSON', () => {
    const records = Array.from({ length: 120 }, (_, at) => ({
      id: at,
      note: `The harbour crane ${at} was inspected on day ${at} and its cable replaced in week ${at % 9}.`,
    }));
    const context = [
      { role: 'user', content: 'Find the crane records.' },
      { role: 'tool', content: JSON.stringify(records, null, 2) },
    ];
    const result = compressContext(
      { context, query: 'When was the cable of crane 17 replaced?', level: 'standard' },
      { explain: true },
    );
    const tool = result.compressed.slice(result.compressed.indexOf('tool: ') + 6);
    expect(() => JSON.parse(tool)).not.toThrow();
    const start = result.explanation!.units.findIndex((unit) => unit.text.startsWith('tool:'));
    const units = result.explanation!.units.slice(start);
    expect(units.length).toBeGreaterThan(1);
    expect(units.every((unit) => unit.reason === 'json')).toBe(true);
    expect(result.explanation!.units.slice(0, start).some((unit) => unit.reason === 'json')).toBe(
      false,
    );
  });

  it('says the whole input came back when it is too short to compress', () => {
    const result = compressContext({ context: 'A short note.' }, { explain: true });
    expect(result.status).toBe('skipped');
    expect(result.explanation).toMatchObject({ strategy: 'whole' });
    expect(result.explanation!.units.every((unit) => unit.kept && unit.reason === 'whole')).toBe(
      true,
    );
  });
});

import { compressContext, countTokens } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROSE_NAMES, PROSE_WORDS } from './testing/prose-vocabulary.ts';

/**
 * The engine's promises, over random and adversarial inputs: it never loses the user's
 * content (no empty output from text with content, no collapse far below the level's
 * budget), the levels keep their order, near-duplicate removal drops only what brings
 * nothing new, and `status` says what happened.
 */

const LEVELS = ['low', 'standard', 'ultra'] as const;
const RATIOS = { low: 2, standard: 4, ultra: 10 } as const;

const word = fc.constantFrom(...PROSE_WORDS);
const name = fc.constantFrom(...PROSE_NAMES);
const sentence = fc
  .tuple(name, fc.array(word, { minLength: 4, maxLength: 14 }), fc.integer({ min: 0, max: 9999 }))
  .map(([who, words, number]) => `${who} ${words.join(' ')} ${number}.`);
const prose = fc.array(sentence, { minLength: 3, maxLength: 60 }).map((list) => list.join(' '));

// English passages between blank lines, of words the shipped word vectors hold: with a
// query of one lower-case word they take the meaning path (section-meaning.ts), which the
// other inputs, of names and made-up text, seldom reach.
const plainSentence = fc
  .array(word, { minLength: 5, maxLength: 15 })
  .map((words) => `The ${words.join(' ')}.`);
const englishPassages = fc
  .array(
    fc.array(plainSentence, { minLength: 2, maxLength: 6 }).map((list) => list.join(' ')),
    { minLength: 3, maxLength: 12 },
  )
  .map((list) => list.join('\n\n'));

// Greek, Devanagari, Vietnamese and Romanian passages, whose words have rules of their own
// (greek-terms.ts, hindi-terms.ts, name-groups.ts, romanian-letters.ts), with the pieces that
// test those rules' edges glued inside words: joiners, combining marks written apart, a
// lone nukta, lone surrogates, Devanagari digits, the danda and the full stop after a
// Devanagari letter (sentence-cuts.ts).
const scriptWord = fc.constantFrom(
  ...['Αθήνα', 'ΑΘΗΝΑ', 'ποταμός', 'ποταμού', 'πόλεις', 'στέγη', 'της', 'ἀθηναῖος', 'ᾠδή', 'ΐ'],
  ...['गाँव', 'गांव', 'सड़कें', 'हिन्दी', 'क्\u200dषत्रिय', 'ज़िला', '\u095bिला', '१८७२', 'डॉ.', 'की'],
  ...['Lê', 'Công', 'Vinh', 'biệt', 'danh', 'câu', 'lạc', 'bộ', 'Việt'.normalize('NFD'), 'gì'],
  ...['Mureș', 'Mureş', 'ȚARA', 's\u0326tiint\u0326a', 'river', 'the', '1872'],
);
const gluedPiece = fc.constantFrom(
  ...['\u200d', '\u200c', '\u0301', '\u0308', '\u093c', '\u0901', '\u094d', '\ud800', '\udc00'],
  ...['7', '३', '।', '.', ';', '\u037e'],
);
const scriptToken = fc.oneof(
  { arbitrary: scriptWord, weight: 4 },
  fc.tuple(scriptWord, gluedPiece, scriptWord).map(([a, piece, b]) => a + piece + b),
  fc.tuple(gluedPiece, scriptWord).map(([piece, b]) => piece + b),
);
const scriptSentence = fc
  .tuple(
    fc.array(scriptToken, { minLength: 3, maxLength: 14 }),
    fc.constantFrom('।', '.', ';', '?'),
  )
  .map(([words, end]) => words.join(' ') + end);
const scriptPassages = fc
  .array(
    fc.array(scriptSentence, { minLength: 2, maxLength: 6 }).map((list) => list.join(' ')),
    { minLength: 3, maxLength: 12 },
  )
  .map((list) => list.join('\n\n'));
// A question of those words and pieces (a query of them goes through the same rules).
const scriptQuery = fc
  .array(scriptToken, { minLength: 1, maxLength: 8 })
  .map((words) => `${words.join(' ')}?`);

const headingOneLine = prose.map((text) => `# Title ${text}`);
const codeFile = fc
  .tuple(fc.integer({ min: 20, max: 80 }), fc.constantFrom('ts', 'py'))
  .map(([functions, language]) => {
    const body = Array.from({ length: functions }, (_, index) =>
      language === 'ts'
        ? `export function step${index}(input: number[]): number {\n  let total = ${index};\n  for (const value of input) total += value * ${index};\n  return total;\n}`
        : `def step_${index}(values):\n    total = ${index}\n    for value in values:\n        total += value * ${index}\n    return total`,
    ).join('\n\n');
    return `\`\`\`${language}\n${body}\n\`\`\``;
  });
const codeFiles = fc
  .tuple(sentence, fc.array(codeFile, { minLength: 1, maxLength: 3 }))
  .map(([intro, files]) => [intro, ...files].join('\n\n'));
const templated = fc
  .tuple(fc.integer({ min: 20, max: 80 }), fc.array(name, { minLength: 3, maxLength: 3 }))
  .map(([count, names]) =>
    Array.from(
      { length: count },
      (_, index) =>
        `Paragraph ${index}: the river flows through ${names[index % 3]} and then it winds slowly across the wide green valley of the old kingdom before it reaches the sea in region ${index}.`,
    ).join('\n'),
  );
const newlines = fc.integer({ min: 1, max: 5000 }).map((count) => '\n'.repeat(count));
const unbroken = fc
  .tuple(fc.constantFrom('a', 'Zq', 'xY7/', '.', '=+'), fc.integer({ min: 200, max: 20_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));
const cjk = fc
  .array(
    fc.constantFrom(
      '東京は日本の首都です。',
      '川は町を流れる。',
      '会議は三月十四日に開かれた。',
      '電池を交換した。',
    ),
    {
      minLength: 10,
      maxLength: 200,
    },
  )
  .map((list) => list.join(''));
const json = fc
  .array(
    fc.record({
      id: fc.integer({ min: 1, max: 99_999 }),
      city: name,
      note: sentence,
      tags: fc.array(word, { maxLength: 4 }),
    }),
    { minLength: 5, maxLength: 80 },
  )
  .map((items) => JSON.stringify({ status: 'ok', items }, null, 2));
const table = fc
  .array(fc.tuple(name, fc.integer({ min: 0, max: 999 }), word), { minLength: 5, maxLength: 120 })
  .map(
    (rows) =>
      `| city | count | topic |\n| --- | --- | --- |\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}`,
  );
const adversarial = fc.oneof(
  prose,
  englishPassages,
  scriptPassages,
  headingOneLine,
  codeFiles,
  templated,
  newlines,
  unbroken,
  cjk,
  json,
  table,
);
const mixed = fc
  .array(adversarial, { minLength: 2, maxLength: 4 })
  .map((parts) => parts.join('\n\n'));
const anyInput = fc.oneof(adversarial, mixed, fc.string({ maxLength: 2000 }));

const settings = { numRuns: Number(process.env.INVARIANT_RUNS ?? 60), endOnFailure: true };
// 120 s holds 1,000 runs of the slowest property on a loaded 2-core machine; a longer run
// (INVARIANT_RUNS=4000) gets the same time per run, not a fixed ceiling.
const timeout = 120_000 * Math.max(1, settings.numRuns / 1000);

describe('compressContext invariants', { timeout }, () => {
  it('never returns empty output for input with content', () => {
    fc.assert(
      fc.property(
        anyInput,
        fc.constantFrom(...LEVELS),
        fc.option(scriptQuery, { nil: undefined }),
        (context, level, query) => {
          const result = compressContext({ context, level, ...(query ? { query } : {}) });
          if (/\S/.test(context)) expect(result.compressed).toMatch(/\S/);
        },
      ),
      settings,
    );
  });

  it('never keeps under a tenth of the budget, and most of it for text without repeats', () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom(...LEVELS), (context, level) => {
        const result = compressContext({ context, level });
        const budget = Math.floor(result.inputTokens / RATIOS[level]);
        // The floor binds when the content itself, white space aside, could fill it.
        const content = countTokens(context.replace(/\s+/g, ' ').trim());
        if (result.status === 'compressed' && content >= budget / 10) {
          expect(result.compressedTokens).toBeGreaterThanOrEqual(Math.floor(budget / 10));
        }
      }),
      // A run of one letter: its pieces, joined, merge into fewer tokens than counted apart.
      { ...settings, examples: [['a'.repeat(3863), 'low']] },
    );
    fc.assert(
      fc.property(
        fc.oneof(headingOneLine, codeFiles, templated, table),
        fc.constantFrom(...LEVELS),
        (context, level) => {
          const result = compressContext({ context, level }, { explain: true });
          const budget = Math.floor(result.inputTokens / RATIOS[level]);
          if (result.status !== 'compressed') return;
          if (budget >= 50) expect(result.compressedTokens).toBeLessThanOrEqual(budget);
          if (result.compressedTokens >= budget / 2) return;
          // Under half the budget only when no unit left out would fit, with the line break
          // before it, in the room left: units as large as the budget allows no better (a
          // budget of 26 tokens over sentences of 12 and 18 to 19 keeps the best one, 12).
          const room = budget - result.compressedTokens;
          const leftOut = (result.explanation?.units ?? []).filter((unit) =>
            ['over_budget', 'below_rank', 'trimmed'].includes(unit.reason),
          );
          expect(leftOut.length).toBeGreaterThan(0);
          for (const unit of leftOut) expect(unit.tokens + 1).toBeGreaterThan(room);
        },
      ),
      // Sentences of 12 and 18 to 19 tokens under a budget of 26: the best one alone fits.
      {
        ...settings,
        examples: [
          [
            '# Title Oduya signal signal station garden of garden schedule engine battery 6482. Tanaka schedule the bridge river invoice the of harbour of engine ledger invoice 5700. Kestrel engine station signal council battery garden 136. Kestrel harbour with the signal council schedule with harbour the of signal the river 673. Belgrade garden the invoice invoice ledger and schedule engine signal with signal engine and 7164. Marta signal river of station station ledger of the council garden schedule ledger ledger invoice 9450.',
            'standard',
          ],
        ],
      },
    );
  });

  it('keeps the levels in order: low >= standard >= ultra, strictly on long inputs', () => {
    const sizes = (context: string, query: string | undefined) =>
      LEVELS.map(
        (level) =>
          compressContext({ context, level, ...(query ? { query } : {}) }).compressedTokens,
      );
    fc.assert(
      fc.property(
        anyInput,
        fc.option(fc.oneof(word, scriptQuery), { nil: undefined }),
        (context, query) => {
          const [low, standard, ultra] = sizes(context, query);
          expect(low).toBeGreaterThanOrEqual(standard!);
          expect(standard).toBeGreaterThanOrEqual(ultra!);
        },
      ),
      settings,
    );
    // Text without repeats (repeats are dropped at every level, so sizes may meet).
    const distinct = fc.oneof(prose, headingOneLine, codeFiles, templated, json, table);
    fc.assert(
      fc.property(distinct, fc.option(word, { nil: undefined }), (context, query) => {
        fc.pre(countTokens(context) >= 1_000);
        const [low, standard, ultra] = sizes(context, query);
        expect(low).toBeGreaterThan(standard!);
        expect(standard).toBeGreaterThan(ultra!);
      }),
      settings,
    );
  });

  it('drops as near-duplicates only lines that bring no new name, number or word', () => {
    fc.assert(
      fc.property(templated, (context) => {
        // Every line differs in its numbers: at low, about half of them stay.
        const lines = context.split('\n').length;
        const { compressed } = compressContext({ context, level: 'low' });
        // Counted by their text: past their share of the budget, lines come without
        // their `Paragraph n:` labels.
        const kept = compressed
          .split('\n')
          .filter((line) => line.includes('the river flows')).length;
        expect(kept).toBeGreaterThanOrEqual(Math.floor(lines * 0.4));
      }),
      settings,
    );
    fc.assert(
      fc.property(
        fc.array(sentence, { minLength: 3, maxLength: 8 }),
        fc.integer({ min: 3, max: 6 }),
        (sentences, copies) => {
          // The same paragraph again and again: each sentence is kept at most once.
          const paragraph = sentences.join(' ');
          const context = Array.from({ length: copies }, () => paragraph).join('\n\n');
          const { compressed, inputTokens, status } = compressContext({ context, level: 'low' });
          // Under the engine's floor nothing is dropped; under a tenth of the budget, repeats refill.
          if (status !== 'compressed' || countTokens(paragraph) < inputTokens / 20) return;
          for (const once of new Set(sentences)) {
            expect(compressed.split(once).length - 1).toBeLessThanOrEqual(1);
          }
        },
      ),
      settings,
    );
  });

  it('reports a status that says what happened, with exact counts', () => {
    fc.assert(
      fc.property(anyInput, fc.constantFrom(...LEVELS), (context, level) => {
        const result = compressContext({ context, level });
        expect(result.compressedTokens).toBe(countTokens(result.compressed));
        expect(result.inputTokens).toBe(countTokens(context));
        if (result.status === 'skipped') expect(result.compressed).toBe(context);
        else if (result.status === 'compressed') {
          expect(result.compressedTokens).toBeLessThan(result.inputTokens);
          expect(result.compressed).toMatch(/\S/);
        } else {
          expect(result.status).toBe('no_content');
          expect(context).not.toMatch(/\S/);
          expect(result.compressed).toBe('');
        }
      }),
      settings,
    );
  });
});

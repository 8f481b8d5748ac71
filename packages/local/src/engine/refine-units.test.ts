import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressContext, engineUnits } from './compress-context.ts';

/** The engine's units of `text`: sentences, and pieces of those too long for the budget. */
function unitsOf(text: string): string[] {
  return engineUnits(text, []).segmentation.units.map((unit) => text.slice(unit.start, unit.end));
}

/** The engine's units of `text` tile it, each non-empty; `check` looks at each one too. */
function expectTiled(
  text: string,
  check?: (text: string, unit: { start: number; end: number }) => void,
): void {
  let at = 0;
  for (const unit of engineUnits(text, []).segmentation.units) {
    expect(unit.start).toBe(at);
    expect(unit.end).toBeGreaterThan(unit.start);
    check?.(text, unit);
    at = unit.end;
  }
  expect(at).toBe(text.length);
}
describe('pieces of a sentence too long for the budget', () => {
  it('end with a clause (after its Arabic comma) rather than inside one', () => {
    const clause = (year: number) =>
      `وفي عام ${year} بنى المهندس سالم سقفا حديديا جديدا للسوق القديم`;
    const sentence = `${Array.from({ length: 14 }, (_, at) => clause(1800 + at)).join('، ')}.`;
    const text = Array.from({ length: 6 }, () => sentence).join('\n\n');
    const pieces = unitsOf(text).filter((piece) => piece.trim().length > 0);
    expect(pieces.length).toBeGreaterThan(12);
    for (const piece of pieces) expect(piece.trimEnd()).toMatch(/[،.]$/);
    expect(pieces.join('')).toBe(text.trimEnd().slice(0, pieces.join('').length));
  });

  it('with no comma or stop near, end before an Arabic "و" (and) rather than at any space', () => {
    // Arabic runs clauses on with "و" written onto the next word, where other languages
    // put a comma: a cut at any space would fall inside a clause.
    const clause = (year: number) =>
      `بنى المهندس سالم في عام ${year} سقفا حديديا جديدا للسوق القديم في المدينة`;
    // Under 600 characters: a sentence that long is cut by sentence-cuts.ts first.
    const sentence = `${Array.from({ length: 7 }, (_, at) => clause(1800 + at)).join(' و')}.`;
    const text = Array.from({ length: 12 }, () => sentence).join('\n\n');
    const pieces = unitsOf(text).filter((piece) => piece.trim().length > 0);
    expect(pieces.length).toBeGreaterThan(12);
    for (const piece of pieces.slice(1)) expect(piece).toMatch(/^(?:\s*\n)?\s*(?:و|بنى)/);
    const continued = pieces.filter((piece) => piece.startsWith(' و'));
    expect(continued.length).toBeGreaterThan(6);
    for (const piece of continued) expect(piece).toMatch(/^ وبنى المهندس/);
  });

  it('stay within the limit beside a long run of line breaks (CJK text, few tokens a character)', () => {
    // A run of line breaks is many characters and few tokens: sized by the run's characters
    // per token, a piece of the Japanese before it held about 85 tokens against a limit of
    // 32, so `standard` (budget 81) kept 28 tokens and `ultra` fell back to that piece whole
    // (85 tokens, past its budget of 32): a harder level kept more.
    const sentences = [
      '会議は三月十四日に開かれた。',
      '電池を交換した。',
      '川は町を流れる。',
      '東京は日本の首都です。',
    ];
    const japanese = Array.from({ length: 26 }, (_, at) => sentences[(at * 7) % 4]).join('');
    const text = `${japanese}${'\n'.repeat(1982)}`;
    const { segmentation, tokens, inputTokens } = engineUnits(text, []);
    const limit = Math.max(32, Math.floor(inputTokens / 20));
    expect(tokens.length).toBe(segmentation.units.length);
    for (const count of tokens) expect(count).toBeLessThanOrEqual(limit);
    const sizes = (['low', 'standard', 'ultra'] as const).map(
      (level) => compressContext({ context: text, level, query: 'signal' }).compressedTokens,
    );
    expect(sizes[0]).toBeGreaterThanOrEqual(sizes[1]!);
    expect(sizes[1]).toBeGreaterThanOrEqual(sizes[2]!);
    expect(sizes[2]).toBeLessThanOrEqual(Math.floor(inputTokens / 10));
  });

  it('end after a Khmer or Myanmar stop that no space follows', () => {
    // Khmer and Myanmar text often runs the next sentence on right after the stop: one
    // block of such sentences is cut at its stops, not inside a sentence.
    const khmer = (year: number) => `នៅឆ្នាំ${year} វិស្វករសុខាបានរចនាដំបូលដែករបស់ផ្សារចាស់នៅក្នុងក្រុង។`;
    const myanmar = (year: number) =>
      `${year} ခုနှစ်တွင် အင်ဂျင်နီယာ ဦးအောင်မြင့်က ဈေးဟောင်း၏ သံခေါင်မိုးကို ဒီဇိုင်းဆွဲခဲ့သည်။`;
    for (const sentence of [khmer, myanmar]) {
      const text = Array.from({ length: 60 }, (_, at) => sentence(1800 + at)).join('');
      const pieces = unitsOf(text);
      expect(pieces.length).toBeGreaterThan(6);
      for (const piece of pieces) expect(piece).toMatch(/[។။]$/);
    }
  });

  it('keep numbers whole: no cut inside "3.5" or "1,000"', () => {
    const clause =
      'the hall measured 3.5 metres across and seated 1,000 people on long wooden benches';
    const text = Array.from({ length: 40 }, () => clause).join(' and ');
    for (const piece of unitsOf(text)) {
      expect(piece).not.toMatch(/^\d|[.,]$/);
    }
  });

  it('tile the text exactly, whatever the scripts, stops and numbers', () => {
    const piece = fc.constantFrom(
      'وفي عام 1872 بنى المهندس سالم سقفا حديديا',
      ' وبنى',
      ' و',
      '، ',
      '؛ ',
      '. ',
      '؟ ',
      'ประเทศไทยมีแม่น้ำหลายสาย ',
      '工程师设计了屋顶，',
      '市場の屋根を設計しました。',
      '서울에서 시장의 지붕을 설계했다, ',
      'राम घर गया। ',
      'ខ្ញុំចូលចិត្តភាសាខ្មែរ។',
      'ရန်ကုန်မြို့သည်ကြီးသည်။',
      'ລາວມີແມ່ນ້ຳຂອງ ',
      'བོད་ཀྱི་རྒྱལ་ཁབ། ',
      '3.5',
      '1,000',
      ' ',
      '\n\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 20, maxLength: 400 }), (pieces) => {
        expectTiled(pieces.join(''));
      }),
      { numRuns: 60 },
    );
  });

  it('tile runs whose characters are several tokens each, never between the halves of a pair', () => {
    // Emoji (two code units, two or three tokens), a family joined by zero-width joiners,
    // CJK of the supplementary planes, Yi syllables (three tokens a character) and
    // combining marks: the densest runs make a run's shortest pieces, which have no
    // shortest size of their own.
    const piece = fc.constantFrom(
      '😀',
      '🚀🎉',
      '👨‍👩‍👧‍👦',
      '𠀀𠀁𠀂',
      'ꀀꀑꀢꀳ',
      'a\u0301\u0302',
      '\u0301',
      '中',
      ' ',
      '\n\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 50, maxLength: 3_000 }), (pieces) => {
        expectTiled(pieces.join(''), (text, unit) => {
          const code = text.charCodeAt(unit.start);
          expect(code >= 0xdc00 && code <= 0xdfff).toBe(false);
        });
      }),
      { numRuns: 60 },
    );
  });
});

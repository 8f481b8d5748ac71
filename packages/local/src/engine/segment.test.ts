import { describe, expect, it } from 'vitest';
import { renderContext } from './render-context.ts';
import { segment } from './segment.ts';
import { countTokens } from './tokenizer.ts';

function pieces(text: string, labels = renderContext(text).labels) {
  const { units, sections } = segment(text, labels);
  return units.map((unit) => ({
    kind: unit.kind,
    text: text.slice(unit.start, unit.end),
    title: sections[unit.section]!.title,
  }));
}

describe('segment', () => {
  it('tiles the text with units whose token counts add up to the whole', () => {
    const text = [
      '# Guide',
      '',
      'Dr. Smith met J. K. Rowling in the U.S. in 1999. They talked! Did it rain? Yes.',
      '- first item. It has two sentences.',
      '- second item',
      '',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      '| a | b |\r\n| - | - |\r\n| 1 | 2 |',
      'Line one ends here.\r\nLine two follows.',
    ].join('\n');
    const units = pieces(text);
    expect(units.map((unit) => unit.text).join('')).toBe(text);
    const sum = units.reduce((total, unit) => total + countTokens(unit.text), 0);
    expect(sum).toBe(countTokens(text));
  });

  it('cuts lower-cased prose into sentences, and cased prose not before a lower-case word', () => {
    const lower =
      'the play was first performed in 1635. it was published in 1637. the author studied at exeter college.';
    expect(pieces(lower).map((unit) => unit.text)).toEqual([
      'the play was first performed in 1635.',
      ' it was published in 1637.',
      ' the author studied at exeter college.',
    ]);
    // With capitals, a full stop before a lower-case word is not a sentence end.
    const cased = 'The play ran for 12 wks. in London. It was published in 1637.';
    expect(pieces(cased).map((unit) => unit.text)).toEqual([
      'The play ran for 12 wks. in London.',
      ' It was published in 1637.',
    ]);
  });

  it('keeps fenced code and tables whole and names headings', () => {
    const text =
      '# Setup\n\nInstall it first. Then run it.\n\n```sh\nnpm i\nnpm test\n```\n\n| k | v |\n| - | - |\n| a | 1 |\n\n## Next\n\nMore text.';
    expect(pieces(text)).toEqual([
      { kind: 'heading', text: '# Setup\n\n', title: 'Setup' },
      { kind: 'text', text: 'Install it first.', title: 'Setup' },
      { kind: 'text', text: ' Then run it.\n\n', title: 'Setup' },
      { kind: 'code', text: '```sh\nnpm i\nnpm test\n```\n\n', title: 'Setup' },
      { kind: 'table', text: '| k | v |\n| - | - |\n| a | 1 |\n\n', title: 'Setup' },
      { kind: 'heading', text: '## Next\n\n', title: 'Next' },
      { kind: 'text', text: 'More text.', title: 'Next' },
    ]);
  });

  it('does not end a sentence at an abbreviation or an initial', () => {
    const text = 'Dr. Smith met J. K. Rowling in the U.S. last year. It went well.';
    expect(pieces(text).map((unit) => unit.text)).toEqual([
      'Dr. Smith met J. K. Rowling in the U.S. last year.',
      ' It went well.',
    ]);
  });

  it('reads document headers as titled sections', () => {
    const text =
      'Document [1] (Title: Paris (city)) Paris is the capital. It is large.\nDocument [2] (Title: Rome) Rome is old.';
    expect(pieces(text)).toEqual([
      { kind: 'heading', text: 'Document [1] (Title: Paris (city))', title: 'Paris (city)' },
      { kind: 'text', text: ' Paris is the capital.', title: 'Paris (city)' },
      { kind: 'text', text: ' It is large.\n', title: 'Paris (city)' },
      { kind: 'heading', text: 'Document [2] (Title: Rome)', title: 'Rome' },
      { kind: 'text', text: ' Rome is old.', title: 'Rome' },
    ]);
  });

  it('opens a section with the role label of each message', () => {
    const { text, labels } = renderContext([
      { role: 'user', content: 'Hello there. How are you?' },
      { role: 'assistant', content: '```py\nprint(1)\n```' },
    ]);
    expect(text).toBe('user: Hello there. How are you?\nassistant:\n```py\nprint(1)\n```');
    expect(pieces(text, labels).map((unit) => [unit.kind, unit.text])).toEqual([
      ['heading', 'user:'],
      ['text', ' Hello there.'],
      ['text', ' How are you?\n'],
      ['heading', 'assistant:\n'],
      ['code', '```py\nprint(1)\n```'],
    ]);
  });

  it('cuts a very long sentence at clause boundaries', () => {
    const clause = 'the river runs past the old mill and the stone bridge, ';
    const text = `${clause.repeat(30)}and ends in the sea.`;
    const units = pieces(text);
    expect(units.length).toBeGreaterThan(3);
    expect(units.map((unit) => unit.text).join('')).toBe(text);
  });
});

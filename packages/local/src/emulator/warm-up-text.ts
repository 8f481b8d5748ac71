/**
 * Text to warm the engine on: pages of documentation-like Markdown (headings, prose with
 * names, numbers, dates and links, lists, tables, fenced code, JSON), varied by a seeded
 * generator. The compiler optimizes the code paths a warm-up runs and no other: pages of
 * one repeated paragraph left a first call of 400,000 characters of real Markdown at 2 to 3
 * times the CPU of the next ones, where 400,000 characters of other real Markdown as a
 * warm-up left 1.3 times (bench/cold-start.ts, 2 cores, loaded). This text stands in for
 * the real one, which a package cannot ship.
 */

const COMMON = (
  'the of and to in is that for it as with was on be by this are or from at an which not ' +
  'have has can will if but all one more when there also use used using each other new ' +
  'value file option request server client data table user time first default set run ' +
  'return error list type name key message config build test start read write call update ' +
  'between before after about because should would could may must only then than into ' +
  'over under without within during against system model result output input report ' +
  'account order price invoice payment meeting project team release version support'
).split(' ');

const SYLLABLES = (
  'ka lo mi ter san vo ru pel dis na quo ben tra gu fel ho zi mar lu cre po wen ast bi dor ' +
  'ni sku vel ym ox tion ing ment able pre con'
).split(' ');

const NAMES = ['Marta', 'Oduya', 'Keller', 'Aiko', 'Ramírez', 'Nguyen', 'Okafor', 'Lindqvist'];
// Other scripts and symbols: real documents hold some, and a first word of a script the
// compiler has not seen deoptimizes the word scanner and the tokenizer in the middle of a call.
const FOREIGN = [
  'café',
  'naïve',
  'Größe',
  'résumé',
  'señal',
  'Zürich',
  'Ελλάδα',
  'данные',
  'файл',
  '東京',
  '設定ファイル',
  '数据',
  '서울',
  'مرحبا',
  'שלום',
  'हिन्दी',
  'ภาษาไทย',
  '✅',
  '🚀',
  '→',
  '—',
  '…',
  '©',
];
const PUNCTUATION = ['.', '.', '.', '?', '!', ';', ':'];
const FENCES = ['ts', 'json', 'sh', 'py', ''];

/** A small linear congruential generator: the same pages on every start. */
function generator(seed: number): (range: number) => number {
  let state = seed >>> 0;
  return (range) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state >>> 8) % range;
  };
}

type Next = (range: number) => number;

/** Whether the text holds characters past Latin-1 (see `warmUpText`). */
let wide = true;

function word(next: Next): string {
  if (next(4) > 0) return COMMON[next(COMMON.length)]!;
  let made = '';
  for (let syllable = 1 + next(3); syllable > 0; syllable--)
    made += SYLLABLES[next(SYLLABLES.length)];
  return made;
}

function sentence(next: Next): string {
  const words: string[] = [];
  for (let count = 6 + next(18); count > 0; count--) {
    const kind = next(20);
    if (kind === 0) words.push(NAMES[next(NAMES.length)]!);
    else if (kind === 1) words.push(String(next(100_000)));
    else if (kind === 2) words.push(`${2000 + next(30)}-${1 + next(12)}-${1 + next(28)}`);
    else if (kind === 3) words.push(`\`${word(next)}${word(next)}()\``);
    else if (kind === 4) words.push(`"${word(next)}",`);
    else if (kind === 5) words.push(`(${word(next)} ${next(100)}%)`);
    else if (wide && (kind === 6 || kind === 7)) words.push(FOREIGN[next(FOREIGN.length)]!);
    else words.push(word(next));
  }
  const text = words.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + PUNCTUATION[next(PUNCTUATION.length)];
}

/** A sentence of common words only, for the `plain` layout. */
function plainSentence(next: Next): string {
  const words = Array.from({ length: 6 + next(18) }, () => COMMON[next(COMMON.length)]!);
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(next: Next): string {
  return Array.from({ length: 1 + next(5) }, () => sentence(next)).join(' ');
}

function plainParagraph(next: Next): string {
  return Array.from({ length: 2 + next(4) }, () => plainSentence(next)).join(' ');
}

function block(next: Next): string {
  switch (next(10)) {
    case 0:
      return `${'#'.repeat(1 + next(3))} ${sentence(next).slice(0, 40)}`;
    case 1:
      return Array.from(
        { length: 2 + next(5) },
        (_, item) => `${next(2) ? '-' : `${item + 1}.`} ${sentence(next)}`,
      ).join('\n');
    case 2: {
      const rows = Array.from(
        { length: 2 + next(4) },
        () => `| ${word(next)} | ${next(10_000)} | ${word(next)} ${word(next)} |`,
      );
      return ['| name | count | note |', '| --- | ---: | --- |', ...rows].join('\n');
    }
    case 3: {
      const lines = Array.from(
        { length: 2 + next(8) },
        () =>
          `${'  '.repeat(next(3))}const ${word(next)}_${next(99)} = ${word(next)}.${word(next)}(${next(1000)}, '${word(next)}');`,
      );
      return [`\`\`\`${FENCES[next(FENCES.length)]}`, ...lines, '```'].join('\n');
    }
    case 4:
      return JSON.stringify({
        id: next(1_000_000),
        [word(next)]: word(next),
        items: Array.from({ length: 1 + next(4) }, () => ({ [word(next)]: next(500) })),
      });
    case 5:
      return `See https://example.com/${word(next)}/${word(next)}?id=${next(9999)} or [${word(next)}](./${word(next)}.md). ${paragraph(next)}`;
    case 6: {
      // Long chunks: hashes, base64 and rules, which the tokenizer counts by another path.
      let noise = '';
      for (let count = 16 + next(200); count > 0; count--) noise += 'aZ09+/xQ'[next(8)];
      return `<img src="data:image/png;base64,${noise}" alt="${word(next)}"> ${'='.repeat(3 + next(60))} sha ${noise.slice(0, 40)}`;
    }
    case 7:
      return `<div class="${word(next)}">${paragraph(next)}</div>\n> ${sentence(next)}`;
    default:
      return paragraph(next);
  }
}

/**
 * How the warm-up text's blocks are laid out. The engine reads structure by layout (blank
 * lines, headings, title lines, document headers) and each takes its own code: a first
 * request in a layout the warm-up never used compiled it then (400,000 characters of
 * paragraphs joined by single line breaks after a Markdown-only warm-up: 1.5 to 2 times
 * the CPU of the next calls, in one thread; 1.0 to 1.15 once the warm-up held them).
 * - `markdown`: documentation pages, blocks between blank lines;
 * - `lines`: paragraphs of prose one a line, no blank line (text joined by line breaks);
 * - `documents`: titled passages, one header style a text (`Document [i] (Title: t)`,
 *   `<doc title="t">`, a title line over its paragraph), as retrieval prompts hold them.
 * - `plain`: paragraphs of common English words only, between blank lines: the one text
 *   the shipped word vectors read (section-meaning.ts needs most of a text's words in
 *   them, and the other layouts' made-up words and names keep them below), so their
 *   loops run before a request's do.
 * A conversation (a message array) is made of `lines` text, a paragraph a message
 * (warm-up.ts).
 */
export type WarmUpLayout = 'markdown' | 'lines' | 'documents' | 'plain';

/** One titled passage in the header style `style` (0 to 2). */
function passage(next: Next, index: number, style: number): string {
  const title = `${NAMES[next(NAMES.length)]} ${word(next)}`;
  const text = paragraph(next);
  if (style === 0) return `Document [${index + 1}] (Title: ${title}) ${text}`;
  if (style === 1) return `<doc title="${title}">${text}</doc>`;
  return `${title}\n${text}\n`;
}

/**
 * About `characters` characters of warm-up text in `layout`, the same for the same `seed`.
 * V8 stores a string of Latin-1 characters only with one byte a character, any other with
 * two, and code compiled on one kind is deoptimized by the other: `wide` text holds other
 * scripts, narrow text Latin-1 only, and a warm-up needs both.
 */
export function warmUpText(
  characters: number,
  seed: number,
  wideText: boolean,
  layout: WarmUpLayout = 'markdown',
): string {
  wide = wideText;
  const next = generator(seed);
  const style = next(3);
  const blocks: string[] = [];
  let size = 0;
  while (size < characters) {
    const text =
      layout === 'markdown'
        ? block(next)
        : layout === 'lines'
          ? paragraph(next)
          : layout === 'plain'
            ? plainParagraph(next)
            : passage(next, blocks.length, style);
    blocks.push(text);
    size += text.length + 2;
  }
  return blocks.join(layout === 'markdown' || layout === 'plain' ? '\n\n' : '\n');
}

import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderContext } from './render-context.ts';
import { segment } from './segment.ts';

/**
 * The same passages joined the ways prompts join them are found as the same passages:
 * each one a section of its own, titled by its title where the layout gives one. So a
 * question's answer is kept whatever the layout.
 */

interface Passage {
  title: string;
  text: string;
}

const LAYOUTS: Record<string, { titled: boolean; render: (passages: Passage[]) => string }> = {
  'Document [i] (Title: t) text': {
    titled: true,
    render: (passages) =>
      passages.map((p, i) => `Document [${i + 1}] (Title: ${p.title}) ${p.text}`).join('\n'),
  },
  '## t, blank line, text': {
    titled: true,
    render: (passages) => passages.map((p) => `## ${p.title}\n\n${p.text}`).join('\n\n'),
  },
  'title line, text, blank line': {
    titled: true,
    render: (passages) => passages.map((p) => `${p.title}\n${p.text}`).join('\n\n'),
  },
  'passages only, blank lines': {
    titled: false,
    render: (passages) => passages.map((p) => p.text).join('\n\n'),
  },
  '<doc title="t">text</doc>': {
    titled: true,
    render: (passages) => passages.map((p) => `<doc title="${p.title}">${p.text}</doc>`).join('\n'),
  },
  '[i] t: text': {
    titled: true,
    render: (passages) => passages.map((p, i) => `[${i + 1}] ${p.title}: ${p.text}`).join('\n'),
  },
};

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);
const WORDS =
  'river harbour station battery invoice schedule engine garden council ledger bridge signal valley market tower canal orchard museum'.split(
    ' ',
  );
const sentence = fc
  .array(fc.constantFrom(...WORDS, 'the', 'of', 'and', 'was', 'in'), {
    minLength: 8,
    maxLength: 14,
  })
  .map((words) => `${capitalised(words.join(' '))}.`);
const passage = fc.record({
  title: fc
    .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
    .map((words) => words.map(capitalised).join(' ')),
  text: fc.array(sentence, { minLength: 5, maxLength: 8 }).map((sentences) => sentences.join(' ')),
});

describe('passages in any layout', () => {
  it.each(Object.entries(LAYOUTS))('finds each passage as its own section: %s', (_, layout) => {
    fc.assert(
      fc.property(fc.array(passage, { minLength: 2, maxLength: 8 }), (passages) => {
        const text = layout.render(passages);
        const { units, sections } = segment(text);
        let from = 0;
        const found = passages.map((p) => {
          const start = text.indexOf(p.text, from);
          from = start + p.text.length;
          const unit = units.find((u) => u.start <= start + 1 && u.end > start + 1)!;
          return unit.section;
        });
        expect(new Set(found).size).toBe(passages.length);
        if (layout.titled) {
          expect(found.map((section) => sections[section]!.title)).toEqual(
            passages.map((p) => p.title),
          );
        }
      }),
      { numRuns: 40 },
    );
  });

  // Every passage holds the question's words; only one says what was built there.
  const passages: Passage[] = [
    'Harbour',
    'Station',
    'Council',
    'Ledger',
    'Tower',
    'Canal',
    'Market',
    'Museum',
    'Garden',
    'Orchard',
  ].map((title, at) => ({
    title: `The ${title} of Wexmoor`,
    text:
      `The ${title.toLowerCase()} of Wexmoor lies in the east of the county, near the old road. ` +
      `The people of Wexmoor gathered there for fairs in spring and in autumn for many years. ` +
      (at === 6
        ? 'In 1872 the engineer Ada Cleeve designed a cast iron roof over it, paid for by the guild of weavers. '
        : `Its ${title.toLowerCase()} keepers wrote ledgers of the weather for the county records office. `) +
      'Visitors today walk from there to the river along a path lined with lime trees and benches.',
  }));

  it.each(Object.entries(LAYOUTS))('keeps the sentence that answers at ultra: %s', (_, layout) => {
    const result = compressContext({
      context: layout.render(passages),
      query: 'Who designed the roof of the market of Wexmoor?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('Ada Cleeve');
  });

  it('keeps the document that answers whole in a JSON array of documents', () => {
    const context = JSON.stringify(passages, null, 1);
    const result = compressContext({
      context,
      query: 'Who designed the cast iron roof over the market of Wexmoor?',
      level: 'standard',
    });
    // Valid JSON, with the answering document whole; what budget is left holds pieces of others.
    expect(JSON.parse(result.compressed)).toContainEqual(passages[6]);
  });
});

describe('short passages under title lines', () => {
  // Two sentences a passage: shorter than a paragraph on average, but each under its title.
  const short = fc.record({
    title: passage.map((p) => p.title),
    text: fc.array(sentence, { minLength: 2, maxLength: 2 }).map((pair) => pair.join(' ')),
  });

  it('finds each passage as its own section, titled by its title line', () => {
    fc.assert(
      fc.property(fc.array(short, { minLength: 3, maxLength: 8 }), (passages) => {
        const text = LAYOUTS['title line, text, blank line']!.render(passages);
        const { units, sections } = segment(text);
        let from = 0;
        const found = passages.map((p) => {
          const start = text.indexOf(p.text, from);
          from = start + p.text.length;
          return units.find((u) => u.start <= start + 1 && u.end > start + 1)!.section;
        });
        expect(found.map((section) => sections[section]!.title)).toEqual(
          passages.map((p) => p.title),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('finds a long title over a text only a little longer than it', () => {
    // Long titles (a film's, a treaty's) over one short sentence each.
    const passages = [
      [
        'The Last Voyage of the Harbour Master of Wexmoor',
        'A 1931 drama film directed by Ada Cleeve, shot on the old quay.',
      ],
      [
        'Treaty of Friendship between Wexmoor and Lindale',
        'An accord of 1872 that opened the canal to the weavers of both towns.',
      ],
      [
        'List of Lighthouses on the Coast of Northern Wexmoor',
        'Eleven towers, of which four still guide the ships in the winter.',
      ],
    ].map(([title, text]) => ({ title: title!, text: text! }));
    const text = LAYOUTS['title line, text, blank line']!.render(passages);
    const { units, sections } = segment(text);
    const found = passages.map(
      (p) =>
        units.find((u) => u.start <= text.indexOf(p.text) && u.end > text.indexOf(p.text))!.section,
    );
    expect(found.map((section) => sections[section]!.title)).toEqual(passages.map((p) => p.title));
  });
});

describe('a JSON array of documents', () => {
  it('ranks a short document among long ones by the query too', () => {
    const documents = [
      ...Array.from({ length: 9 }, (_, at) => ({
        title: `Report ${at + 1}`,
        text: `The harbour office of Wexmoor filed report ${at + 1} on the ferry timetable, the fares and the weather of the season; it was read out at the council meeting in the town hall and kept in the ledger room for later years.`,
      })),
      { title: 'Roof', text: 'Ada Cleeve designed the market roof in 1872.' },
    ];
    const result = compressContext({
      context: JSON.stringify(documents, null, 1),
      query: 'Who designed the market roof?',
      level: 'ultra',
    });
    expect(JSON.parse(result.compressed)).toContainEqual(documents[9]);
  });
});

describe('a line that only looks like a passage header', () => {
  it('stays prose when its label opens no other line', () => {
    const text =
      'June 5: the council met in the harbour office and agreed the new schedule for the ferry.\n' +
      'The ferry runs twice a day from the station to the island, and the ledger shows its fares.';
    const { units, sections } = segment(text);
    expect(sections).toHaveLength(1);
    expect(units.some((unit) => unit.kind === 'heading')).toBe(false);
  });
});

describe('a title in a tag that opens its passage inside the first sentence', () => {
  // `<doc title="t">"Old road"...`: the tag shares a token with the first word, so it is
  // no unit of its own; its title still names the passage.
  const titles = ['Harbour', 'Station', 'Council', 'Ledger', 'Tower', 'Canal', 'Mill', 'Museum'];
  const render = (named: number, markdown: boolean) =>
    titles
      .map((name, at) => {
        const title = `Wexmoor ${at === named ? 'Market' : name}`;
        const text = `"Old road" is a name given to it. Traders came with cloth and salt on ${at + 2} days a week. The hall first opened in ${1800 + at * 9} after a vote of the guild.`;
        return markdown ? `## ${title}\n\n${text}` : `<doc title="${title}">${text}</doc>`;
      })
      .join(markdown ? '\n\n' : '\n');
  const scoreOf = (context: string, sentence: string) => {
    const result = compressContext(
      { context, query: 'When did the market open?', level: 'ultra' },
      { explain: true },
    );
    return result.explanation!.units.find((unit) => unit.text.includes(sentence))!.score;
  };

  it('lifts its passage as much as a heading with the same title does', () => {
    const lift = (markdown: boolean) =>
      scoreOf(render(6, markdown), 'opened in 1854') -
      scoreOf(render(0, markdown), 'opened in 1854');
    expect(segment(render(6, false)).sections[6]).toMatchObject({
      title: 'Wexmoor Market',
      header: -1,
    });
    expect(lift(true)).toBeGreaterThan(0);
    expect(lift(false)).toBeCloseTo(lift(true), 6);
  });
});

describe('passages inside a message', () => {
  // Passages of at least 8 sentences of content words: the instruction paragraph above
  // them leaves the mean paragraph of passage length (block-cuts.ts).
  const longPassage = fc.record({
    title: passage.map((p) => p.title),
    text: fc
      .array(
        fc
          .array(fc.constantFrom(...WORDS), { minLength: 8, maxLength: 12 })
          .map((words) => `${capitalised(words.join(' '))}.`),
        { minLength: 8, maxLength: 10 },
      )
      .map((sentences) => sentences.join(' ')),
  });
  // A retrieval prompt puts its passages in the system or user message: there too each
  // paragraph of passage length is a passage of its own, titled by a title line over it.
  const messages = (layout: (passages: Passage[]) => string, passages: Passage[]) => [
    {
      role: 'system',
      content: `Answer the question from the passages below.\n\n${layout(passages)}`,
    },
    { role: 'user', content: 'Which passage says it?' },
  ];

  it.each(['title line, text, blank line', 'passages only, blank lines'])(
    'finds each passage as its own section: %s',
    (name) => {
      const layout = LAYOUTS[name]!;
      fc.assert(
        fc.property(fc.array(longPassage, { minLength: 2, maxLength: 8 }), (passages) => {
          const { text, labels } = renderContext(messages(layout.render, passages));
          const { units, sections } = segment(text, labels);
          let from = 0;
          const found = passages.map((p) => {
            const start = text.indexOf(p.text, from);
            from = start + p.text.length;
            return units.find((u) => u.start <= start + 1 && u.end > start + 1)!.section;
          });
          expect(new Set(found).size).toBe(passages.length);
          expect(found.every((section) => sections[section]!.message === 0)).toBe(true);
          if (layout.titled) {
            expect(found.map((section) => sections[section]!.title)).toEqual(
              passages.map((p) => p.title),
            );
          }
        }),
        { numRuns: 40 },
      );
    },
  );

  it('leaves a turn of two long paragraphs one section: one speaker, one message', () => {
    const paragraph = (topic: string) =>
      `I went down to the ${topic} this morning and the keepers told me the whole story of the storm, the roof, the ledgers and the weather books, and how the parish paid for all of it in the end. `.repeat(
        2,
      );
    const { text, labels } = renderContext([
      { role: 'user', content: `${paragraph('harbour')}\n\n${paragraph('station')}` },
      { role: 'assistant', content: 'That sounds like quite a morning.' },
    ]);
    const { units, sections } = segment(text, labels);
    const first = new Set(
      units.filter((unit) => sections[unit.section]!.message === 0).map((unit) => unit.section),
    );
    expect(first.size).toBe(1);
  });
});

import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { answerKindTest } from './answer-kinds.ts';
import { queryNames } from './bridge-terms.ts';
import { queryTerms } from './query-terms.ts';
import { orderByCoverage } from './section-coverage.ts';
import { segment } from './segment.ts';
import { indexUnits } from './unit-index.ts';

/** `text` segmented and indexed, and the unit that holds a sentence of it. */
function indexed(text: string) {
  const segmentation = segment(text);
  const index = indexUnits(text, segmentation.units);
  const unitOf = (sentence: string) =>
    segmentation.units.findIndex(({ start, end }) => text.slice(start, end).includes(sentence));
  return { segmentation, index, unitOf };
}

/** Scores or parts by unit; a unit not named has 0. */
type ByUnit = Record<number, number>;

/**
 * `ranked` in coverage order for `query` over `text` at a share of 0.5: each unit's score,
 * the part its section lent it and the part the bridge added are given by unit (no bridge
 * parts: the bridge did not run); `kinds` applies the query's answer-kind test.
 */
function coverageOrder(
  text: string,
  query: string,
  ranked: readonly number[],
  parts: { scores: ByUnit; sections?: ByUnit; bridges?: ByUnit },
  kinds = false,
): number[] {
  const { segmentation, index } = indexed(text);
  const { units } = segmentation;
  const byUnit = (values: ByUnit) => {
    const array = new Float64Array(units.length);
    for (const [unit, value] of Object.entries(values)) array[Number(unit)] = value;
    return array;
  };
  const test = kinds ? answerKindTest(query)! : undefined;
  const order = [...ranked];
  orderByCoverage(order, {
    segmentation,
    index,
    scores: byUnit(parts.scores),
    sectionParts: byUnit(parts.sections ?? {}),
    terms: queryTerms(query, index, true)!,
    names: queryNames(query, index),
    share: 0.5,
    ...(parts.bridges ? { bridgeParts: byUnit(parts.bridges) } : {}),
    ...(test
      ? {
          holdsAnswerKind: (unit: number) => test(text.slice(units[unit]!.start, units[unit]!.end)),
        }
      : {}),
  });
  return order;
}

/**
 * A two-hop question in titled passages: the passage the question names (the film's) is
 * long, and every sentence of it shares its section score; the answer is in the
 * director's passage, which shares only his name with it.
 */
const PASSAGES = [
  {
    title: 'The Golden Calf (1930 film)',
    text: 'The Golden Calf is a 1930 American comedy film directed by Millard Webb. The film stars Jack Mulhall, Sue Carol and El Brendel in a story of a plain secretary. The film was released on March 16, 1930, by Fox Film Corporation to mixed reviews. The film was shot in Hollywood in six weeks during the winter of 1929. The golden calf of the title is a statue the secretary poses for in the second act of the film. The film is now considered lost, though its songs survive on records.',
  },
  {
    title: 'Millard Webb',
    text: 'Millard Webb (6 December 1893 – 21 April 1935) was an American screenwriter and director. He directed twenty films between 1920 and 1933. Webb married Mary Eaton in 1929, but they separated.',
  },
  {
    title: 'Harold Venn',
    text: 'Harold Venn was an English poet and critic. He was educated at Balliol College, Oxford, and worked as a librarian in Bristol.',
  },
  {
    title: 'Sue Carol',
    text: 'Sue Carol was an American actress and talent agent. She married the actor Alan Ladd in 1942 and managed his career.',
  },
  {
    title: 'Fox Film',
    text: 'The Fox Film Corporation was an American company that produced motion pictures. It merged with Twentieth Century Pictures in 1935.',
  },
];

// Passages on other people, so that the budget at ultra holds about two passages.
const PEOPLE = [
  ['Agnes Pell', 'Scottish novelist', 'Edinburgh'],
  ['Thomas Greer', 'Irish playwright', 'Galway'],
  ['Peter Lomax', 'Welsh miner and poet', 'Cardiff'],
  ['Edith Marr', 'English critic', 'Oxford'],
  ['Bernard Shawcross', 'English publisher', 'London'],
  ['Ruth Calloway', 'Canadian painter', 'Toronto'],
  ['Oskar Lindqvist', 'Swedish architect', 'Uppsala'],
  ['Ines Moreau', 'Belgian chemist', 'Ghent'],
  ['Hugo Brandt', 'German engineer', 'Kiel'],
  ['Lena Varga', 'Hungarian violinist', 'Szeged'],
];
for (const [name, what, town] of PEOPLE) {
  PASSAGES.push({
    title: name!,
    text: `${name} was a ${what} born in ${town}. After school ${name!.split(' ')[0]} worked for some years in a bank near the harbour. Later work took ${name!.split(' ')[0]} abroad for a decade, and the last years were spent at home in ${town}, among old friends, books and a garden by the river.`,
  });
}

const QUESTION = 'Who is the spouse of the director of film The Golden Calf?';

describe('selection by coverage of a section the question names', () => {
  it('keeps the answer of the second hop at ultra rather than more of the named passage', () => {
    const context = PASSAGES.map(
      ({ title, text }, at) => `Document [${at + 1}] (Title: ${title}) ${text}`,
    ).join('\n');
    const result = compressContext({ context, query: QUESTION, level: 'ultra' });
    expect(result.compressed).toContain('Millard Webb');
    expect(result.compressed).toContain('Mary Eaton');
  });
});

describe('the kind of answer asked, in the passage the bridge reached', () => {
  // The director's passage says where he died without "died": only the place marks it.
  const passages = PASSAGES.map((passage) =>
    passage.title === 'Millard Webb'
      ? {
          title: 'Millard Webb',
          text: 'Millard Webb (6 December 1893 – 21 April 1935) was an American screenwriter and director. He directed twenty films between 1920 and 1933. His last years were spent in Santa Monica, where the sea air was thought good for his lungs.',
        }
      : passage,
  );
  const question = 'Where did the director of film The Golden Calf die?';

  it('keeps the sentence holding a place at ultra, in the bench layout and under title lines', () => {
    const layouts = [
      passages
        .map(({ title, text }, at) => `Document [${at + 1}] (Title: ${title}) ${text}`)
        .join('\n'),
      passages.map(({ title, text }) => `${title}\n${text}`).join('\n\n'),
    ];
    for (const context of layouts) {
      const result = compressContext({ context, query: question, level: 'ultra' });
      expect(result.compressed).toContain('Santa Monica');
    }
  });
});

describe('orderByCoverage', () => {
  const TEXT = [
    '# The Golden Calf',
    'The Golden Calf is a film by Millard Webb. It was released in 1930. Critics liked the songs.',
    '# Millard Webb',
    'Webb was a director. He married Mary Eaton.',
  ].join('\n\n');

  /**
   * The order by coverage of three units: the named film's first two sentences (scores 5
   * and 3, 2 of each lent by the section) and the director's marriage (2.5), at a share of 0.5.
   */
  function orderFor(query: string) {
    const { unitOf } = indexed(TEXT);
    const first = unitOf('The Golden Calf is');
    const second = unitOf('It was released');
    const other = unitOf('He married');
    const order = coverageOrder(TEXT, query, [first, second, other], {
      scores: { [first]: 5, [second]: 3, [other]: 2.5 },
      sections: { [first]: 2, [second]: 2 },
    });
    return { order, first, second, other };
  }

  it('takes a named section’s score once: its next unit, with no new query term, falls behind', () => {
    const query = 'Who is the spouse of the director of The Golden Calf?';
    const { order, first, second, other } = orderFor(query);
    // 3 - (1 - 0.5) * 2 = 2 < 2.5.
    expect(order).toEqual([first, other, second]);
  });

  it('keeps the whole score of a unit that holds a query term no taken unit holds', () => {
    const query = 'When were the songs of The Golden Calf released?';
    const { order, first, second, other } = orderFor(query);
    // "released" is a query term the first unit does not hold.
    expect(order).toEqual([first, second, other]);
  });

  it('leaves the order alone when the question names no section', () => {
    const query = 'who is the spouse of the director of the golden calf?';
    const { order, first, second, other } = orderFor(query);
    expect(order).toEqual([first, second, other]);
  });
});

describe('orderByCoverage in a passage the bridge reached', () => {
  const TEXT = [
    '# The Golden Calf',
    'The Golden Calf is a film by Millard Webb. It was released in 1930.',
    '# Millard Webb',
    'Millard Webb was a director. He made twenty films. He married Mary Eaton.',
  ].join('\n\n');
  const query = 'Who is the spouse of the director of The Golden Calf?';
  const { unitOf } = indexed(TEXT);
  const film = unitOf('The Golden Calf is');
  const released = unitOf('It was released');
  const lead = unitOf('Millard Webb was');
  const films = unitOf('He made twenty');
  const married = unitOf('He married');

  function order(bridges?: ByUnit): number[] {
    return coverageOrder(TEXT, query, [film, lead, films, married, released], {
      // The bridge lifted the lead sentence, which names Webb, and the one after it.
      scores: { [film]: 5, [released]: 1, [lead]: 4, [films]: 3.5, [married]: 2.8 },
      sections: { [film]: 2, [released]: 1 },
      ...(bridges ? { bridges } : {}),
    });
  }

  it('ranks the sentence holding the uncovered relation next, with the passage’s best bridge part', () => {
    // 2.8 + 2 - 0 = 4.8 > 3.5: "married" stands for the question's "spouse".
    expect(order({ [lead]: 2, [films]: 2 })).toEqual([film, lead, married, films, released]);
  });

  it('leaves the passage alone without bridge parts', () => {
    expect(order()).toEqual([film, lead, films, married, released]);
  });
});

describe('orderByCoverage and the kind of answer asked', () => {
  const TEXT = [
    '# The Golden Calf',
    'The Golden Calf is a film by Millard Webb. It was released in 1930.',
    '# Millard Webb',
    'Millard Webb was a director. He made twenty films. His last years were spent in Santa Monica.',
  ].join('\n\n');
  const query = 'Where did the director of The Golden Calf die?';
  const { unitOf } = indexed(TEXT);
  const film = unitOf('The Golden Calf is');
  const released = unitOf('It was released');
  const lead = unitOf('Millard Webb was');
  const films = unitOf('He made twenty');
  const place = unitOf('His last years');

  function order(kinds: boolean): number[] {
    return coverageOrder(
      TEXT,
      query,
      [film, lead, films, released, place],
      {
        scores: { [film]: 5, [released]: 1, [lead]: 4, [films]: 3.5, [place]: 0.5 },
        sections: { [film]: 2, [released]: 1 },
        bridges: { [lead]: 2, [films]: 2 },
      },
      kinds,
    );
  }

  it('ranks the sentence holding a place next, with the passage’s best bridge part', () => {
    // 0.5 + 2 - 0 = 2.5 > 1: it holds no query term, but "in Santa Monica" is a place.
    expect(order(true)).toEqual([film, lead, films, place, released]);
  });

  it('leaves it last without the test', () => {
    expect(order(false)).toEqual([film, lead, films, released, place]);
  });
});

describe('orderByCoverage in a passage the question names and the bridge reached', () => {
  // The father's passage shares the son's surname with the question: it is named too.
  const TEXT = [
    '# Henrik Selberg',
    'Henrik Selberg was a mathematician. He was the son of Ole Selberg.',
    '# Ole Selberg',
    'Ole Selberg was an educator. He taught at a school. He was born in Flora.',
  ].join('\n\n');
  const query = 'Where was Henrik Selberg’s father born?';

  it('ranks the sentence holding the uncovered relation next', () => {
    const { unitOf } = indexed(TEXT);
    const source = unitOf('He was the son');
    const lead = unitOf('Ole Selberg was');
    const taught = unitOf('He taught');
    const born = unitOf('He was born');
    const ranked = coverageOrder(TEXT, query, [source, lead, taught, born], {
      scores: { [source]: 5, [lead]: 4, [taught]: 3.5, [born]: 2.8 },
      bridges: { [lead]: 2, [taught]: 2 },
    });
    expect(ranked).toEqual([source, lead, born, taught]);
  });
});

import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';

/**
 * A two-hop question: the question names the novel, the novel's passage names its
 * author, and only the author's passage (which never names the novel) says where she
 * studied. Distractors talk about novels, authors and colleges too.
 */
const PASSAGES = [
  'The Glass Orchard is a 1961 novel by Miriam Tollestrup. The novel follows three sisters who run an apple farm in Kent during a long drought.',
  'Miriam Tollestrup was a British writer and teacher. She was educated at Girton College, Cambridge, and later taught in Leeds for twenty years.',
  'The Copper Lantern is a 1958 novel about a lighthouse keeper. Critics praised the novel for its quiet portrait of a fishing village.',
  'Many British authors of the period were educated at grammar schools before going to university, and several taught before they wrote.',
  'Harold Venn was an English poet. He was educated at Balliol College, Oxford, and worked as a librarian in Bristol.',
  'The Salt Road is a 1964 novel set on the Cornish coast. Its author drew on letters kept by her grandmother.',
  'Orchards in Kent grow apples, pears and cherries; the drought of 1959 cut the harvest by a third.',
  'Agnes Pell was a Scottish novelist educated at the University of Edinburgh. Her novels were widely translated.',
  'The Winter Garden is a 1966 novel about a family of gardeners in Sussex, written by a former schoolteacher.',
  'College libraries in Cambridge lend rare novels to readers who hold a card from the university.',
  'Thomas Greer was an Irish playwright educated at Trinity College Dublin, who wrote comedies for the Abbey Theatre.',
  'A novel of the 1960s often appeared first as a serial in a weekly magazine before it came out as a book.',
  'The Iron Bridge is a 1970 novel about engineers in Shropshire; it won a regional prize for fiction.',
  'Libraries in Leeds keep a collection of letters from teachers who wrote fiction in their spare time.',
  'Peter Lomax was a Welsh novelist educated at Cardiff University who wrote about mining towns.',
  'The Paper Kite is a 1955 novel for children about a boy who builds kites on the Yorkshire moors.',
  'Schools for girls in the 1930s sent few pupils to university, and fewer still to read English.',
  'Edith Marr was an English critic educated at Somerville College, Oxford, who reviewed new novels weekly.',
  'The Lantern Maker is a 1962 novel by a Dutch author, translated into English three years later.',
  'Apple farms in Kent hired seasonal pickers from London every September until the 1960s.',
  'The Northern Line is a 1968 novel about railway workers, written by a former signalman from Crewe.',
  'Bernard Shawcross was a novelist educated at Imperial College London who later became a publisher.',
  'Retreats for writers in Sussex offered rooms to novelists for a month at a time in the 1950s.',
  'The Quiet Harbour is a 1957 novel set in a Norfolk fishing village during the floods of 1953.',
];

describe('compressContext on a two-hop question', () => {
  it.each(['standard', 'ultra'] as const)(
    'keeps the bridge passage that answers at %s',
    (level) => {
      const result = compressContext({
        context: PASSAGES.join('\n\n'),
        query: 'Where was the author of The Glass Orchard educated?',
        level,
      });
      expect(result.compressed).toContain('Girton College');
    },
  );

  it('keeps the bridge sentence in lower-cased passages at ultra, where every passage shares words with the question', () => {
    // Lower-cased text has no capitals to mark sentences or names; every passage below
    // mentions novels, authors or education, so the first pass alone ranks them flat.
    const lowered = PASSAGES.map((passage) => passage.toLowerCase());
    const result = compressContext({
      context: lowered.join('\n\n'),
      query: 'Where was the author of The Glass Orchard educated?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('girton college');
  });

  it('finds the first hop by the names the question gives when the question’s other words score other passages higher', () => {
    // Lower-cased passages, as a search index returns them. Every distractor holds
    // "author", "educated" and one of the title's words, so the first pass ranks them
    // above the one passage that holds both; only that passage names the author.
    const towns = [
      'kent',
      'leeds',
      'bristol',
      'york',
      'bath',
      'derby',
      'hull',
      'ely',
      'wells',
      'ripon',
    ];
    const passages = [
      'the glass orchard is a 1961 family saga about three sisters on an apple farm in kent, the best known novel by miriam tollestrup.',
      'tollestrup was a british writer and teacher. she studied at girton college, cambridge, and later taught in leeds for twenty years.',
    ];
    towns.forEach((town, at) => {
      const title = at % 2 === 0 ? 'glass' : 'orchard';
      passages.push(`the author of the ${town} ${title} guide was educated in ${town}.`);
      passages.push(`a market in ${town} sells ${at + 3} kinds of apples and pears every week.`);
    });
    const result = compressContext({
      context: passages.join('\n\n'),
      query: 'Where was the author of The Glass Orchard educated?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('girton college');
  });

  it.each([
    ['What is the place of birth of the founder of Harrow Mills?', 'born in whitby'],
    ['Who was the spouse of the founder of Harrow Mills?', 'married clara venn'],
  ])('finds the second hop when it states the relation in other words: %s', (query, answer) => {
    // The bridge passage says "born" or "married" where the question says "birth" or
    // "spouse". Distractors hold either the question's own words or the founder's name.
    const passages = [
      'harrow mills was a wool mill in yorkshire, founded in 1884 by daniel ashcombe.',
      'ashcombe was born in whitby in 1851 and married clara venn, a teacher, in 1879.',
    ];
    const towns = ['leeds', 'halifax', 'bradford', 'wakefield', 'huddersfield', 'dewsbury'];
    towns.forEach((town, at) => {
      passages.push(
        `the parish of ${town} kept a register of each birth and each spouse from 1700 onwards, now held in the county archive.`,
        `daniel ashcombe travelled to ${town} in 18${60 + at} to buy wool for harrow mills from the farms of the dales.`,
        `the mills of ${town} in yorkshire spun ${at + 2} tons of wool a week before 1900.`,
      );
    });
    const result = compressContext({ context: passages.join('\n\n'), query, level: 'standard' });
    expect(result.compressed).toContain(answer);
  });
});

describe('compressContext on a question that names nothing', () => {
  // The question is all lower case, as typed into a search box: its sources are only the
  // best-scoring sentences. The show's passage names the town it was filmed in, and two
  // passages about the town share that one name with it; neither is a second hop, and
  // lifting them would crowd out the sentence that answers, which shares no word with
  // the question.
  const passages = [
    'Harrow Street is an American television drama filmed in Savannah. It starred Ann Coyle as a detective who works nights. Its final episode aired on May 19, 2016, after six seasons on the Orbit network.',
    'Savannah is the oldest city in its state, founded in 1733 on the bluffs above a wide river.',
    'The Savannah Bananas are a baseball team known for the costumes their players wear on the field.',
    'Ships leave the port every week for ports in Europe, carrying cotton, paper and timber.',
    'Tourists walk the old squares under oaks hung with moss in the early spring.',
    'Festivals in the old town draw crowds every March for music, food and a parade.',
    'A plough is a farm tool dragged over the land to break up clods of soil.',
    'Many dramas of the decade closed after five or six seasons as ratings fell.',
    'The river port handles more containers each year than any other on the coast.',
    'Cotton was the main crop of the region before the war, grown on large farms.',
    'The town hall was rebuilt in brick after a fire destroyed the wooden one.',
    'Oaks in the squares are more than two hundred years old and protected by law.',
  ];

  it('lifts no sentence for sharing one name with the best ones', () => {
    const result = compressContext({
      context: passages.join('\n\n'),
      query: 'when did harrow street end',
      level: 'standard',
    });
    expect(result.compressed).toContain('May 19, 2016');
    expect(result.compressed).not.toContain('Savannah is the oldest city');
    expect(result.compressed).not.toContain('Savannah Bananas');
  });
});

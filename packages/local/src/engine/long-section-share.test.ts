import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';

/**
 * Ten short titled passages, as a retriever returns them. The question names a man; his
 * passage, much longer than the others, names his wife in its first sentence, and only
 * her short passage says where she died. Every sentence of his passage shares his
 * section's score, though most of them say nothing the question asks.
 */
const PASSAGES: [string, string][] = [
  [
    'Vesterhavet',
    'Vesterhavet is a bay on the west coast of Norway. Fishing boats from Bergen work its waters in winter.',
  ],
  [
    'Arvid Lunde',
    'Arvid Lunde (1901–1977) was a Norwegian engineer, married to the painter Signe Haraldsen. He was born in Nærøy and grew up on a farm. He studied at the Norwegian Institute of Technology from 1919 to 1924. He worked for the state railways from 1925 to 1940. During the war he was held at Grini for eleven months. After the war he led the roads office of Nordland county. He was later director of the national roads authority from 1956 to 1970. He chaired the board of a ferry company in the 1960s. He was a keen sailor and kept a boat at Bodø. He was made a Commander of the Order of St. Olav in 1968. He died in Oslo in 1977.',
  ],
  [
    'Signe Haraldsen',
    'Signe Haraldsen (1905–1980) was a Norwegian painter of coastal landscapes. She died in Tromsø, where she had spent her last years. She exhibited in Oslo and Paris in the 1930s.',
  ],
  [
    'Nordland Line',
    'The Nordland Line is a railway from Trondheim to Bodø, opened in stages between 1905 and 1962.',
  ],
  [
    'Grini detention camp',
    'Grini was a detention camp in Bærum used by the occupying forces from 1941 to 1945.',
  ],
  [
    'Hurtigruten',
    'Hurtigruten is a coastal ferry route from Bergen to Kirkenes with daily sailings.',
  ],
  [
    'Order of St. Olav',
    'The Order of St. Olav is a Norwegian order of chivalry founded in 1847 by King Oscar I.',
  ],
  ['Bodø', 'Bodø is a town in Nordland county. Its airport opened in 1952.'],
  ['Lofoten', 'Lofoten is an archipelago in Nordland known for its cod fisheries and steep peaks.'],
  ['Tromsø Museum', 'Tromsø Museum holds collections of natural history and Sami culture.'],
];

describe('a long passage among short ones', () => {
  it('does not fill the budget with its sentences ahead of the short passage that answers', () => {
    const context = PASSAGES.map(
      ([title, text], at) => `Document [${at + 1}] (Title: ${title}) ${text}`,
    ).join('\n');
    const result = compressContext({
      context,
      query: 'Where did the wife of Arvid Lunde die?',
      level: 'standard',
    });
    // The first hop (who his wife was) and the second (where she died) both stay.
    expect(result.compressed).toContain('married to the painter Signe Haraldsen');
    expect(result.compressed).toContain('She died in Tromsø');
    // Of his passage's other sentences, those past an average passage's length go.
    expect(result.compressed).not.toContain('He chaired the board of a ferry company');
  });
});

import type { ContextMessage } from '@ctxopt/core';

/**
 * Passages for the tests of closeness in meaning (section-meaning.ts): one shares a word
 * with the question ("family") and is about something else, one answers it in other
 * words, and the rest share nothing with it.
 */

export const QUESTION = 'how much do family doctors earn';

const UNRELATED = [
  'Granite forms when magma cools slowly deep below the surface. Its crystals of quartz and feldspar grow large over thousands of years. Quarries cut it into blocks for kitchen counters and monuments. Polished slabs keep their shine for decades.',
  'A good family risotto needs short grain rice and warm stock added a ladle at a time. Stirring releases the starch that makes it creamy. Parmesan and butter go in at the end, off the heat. Serve it at once on warm plates, with a glass of dry white wine.',
  'Tides rise and fall twice a day along most coasts, pulled by the moon and the sun. Near the equinoxes the range is largest. Sailors read tide tables before they leave the harbour, and fishermen follow the ebb out to the sandbanks at dawn.',
  'Honey bees gather nectar from flowers and store it in wax cells. Worker bees fan their wings to dry it. A strong colony can hold tens of thousands of bees in summer. Beekeepers harvest the surplus in autumn and leave the rest for the winter.',
];
const ANSWER =
  'General practitioners in the country are paid an average salary of 120,000 dollars a year. Physicians in rural clinics receive an extra allowance on top of their wages. Surgeons and other specialists make considerably more than that, especially in the large cities.';
export const context = [...UNRELATED, ANSWER].join('\n\n');

/** One sentence more for each passage, in their order. */
const LONGER = [
  ' Geologists date the oldest outcrops to more than three billion years ago.',
  ' Cooks in Milan add saffron and call it risotto alla milanese.',
  ' Some bays see a range of more than ten metres between low and high water.',
  ' A queen lays up to two thousand eggs a day in the warmest weeks.',
  ' Nurses and pharmacists in the same clinics are paid less.',
];

/**
 * The passages in a retrieval prompt's system message, then the question. A message's
 * passages need passage length on average, its opening line included: each is a
 * sentence longer.
 */
export const prompt: ContextMessage[] = [
  {
    role: 'system',
    content: `Answer the question from these passages.\n\n${context
      .split('\n\n')
      .map((passage, at) => passage + LONGER[at])
      .join('\n\n')}`,
  },
  { role: 'user', content: QUESTION },
];

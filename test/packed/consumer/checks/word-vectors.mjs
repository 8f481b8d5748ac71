// The engine of the installed package reads its English word-vector table (assets/, found
// from the package's own manifest) in the calling thread and in the worker pool: a passage
// that answers the question in other words than the question's is kept over passages of
// other topics. Without the table no word of the question would tell them apart.
import assert from 'node:assert/strict';

const QUESTION = 'how much do family doctors earn';
const UNRELATED = [
  'Granite forms when magma cools slowly deep below the surface. Its crystals of quartz and feldspar grow large over thousands of years. Quarries cut it into blocks for kitchen counters and monuments. Polished slabs keep their shine for decades.',
  'A good family risotto needs short grain rice and warm stock added a ladle at a time. Stirring releases the starch that makes it creamy. Parmesan and butter go in at the end, off the heat. Serve it at once on warm plates, with a glass of dry white wine.',
  'Tides rise and fall twice a day along most coasts, pulled by the moon and the sun. Near the equinoxes the range is largest. Sailors read tide tables before they leave the harbour, and fishermen follow the ebb out to the sandbanks at dawn.',
  'Honey bees gather nectar from flowers and store it in wax cells. Worker bees fan their wings to dry it. A strong colony can hold tens of thousands of bees in summer. Beekeepers harvest the surplus in autumn and leave the rest for the winter.',
];
const ANSWER =
  'General practitioners in the country are paid an average salary of 120,000 dollars a year. Physicians in rural clinics receive an extra allowance on top of their wages. Surgeons and other specialists make considerably more than that, especially in the large cities.';

export async function check(load) {
  const { LocalContextOptimizer, compressContext } = await load('@ctxopt/local');
  const params = { context: [...UNRELATED, ANSWER].join('\n\n'), query: QUESTION, level: 'low' };
  assert.match(compressContext(params).compressed, /an average salary/);
  // A context large enough to go to the worker pool (dist/compress-worker.js or .cjs).
  const large = {
    ...params,
    context: [...Array.from({ length: 40 }, () => UNRELATED).flat(), ANSWER].join('\n\n'),
  };
  const answer = await new LocalContextOptimizer().compress(large);
  assert.equal(answer.data.compressed, compressContext(large).compressed);
  assert.match(answer.data.compressed, /an average salary/);
}

import { describe, expect, it } from 'vitest';
import { compressWithTuning } from './compress-context.ts';
import { sectionMeaning } from './section-meaning.ts';
import { segment } from './segment.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import { indexUnits } from './unit-index.ts';

/**
 * A passage that answers in other words than the question's ranks above passages that
 * share no word with it either: the shipped word vectors read their meaning.
 */

const QUESTION = 'how much do family doctors earn';

const UNRELATED = [
  'Granite forms when magma cools slowly deep below the surface. Its crystals of quartz and feldspar grow large over thousands of years. Quarries cut it into blocks for kitchen counters and monuments. Polished slabs keep their shine for decades.',
  'A good family risotto needs short grain rice and warm stock added a ladle at a time. Stirring releases the starch that makes it creamy. Parmesan and butter go in at the end, off the heat. Serve it at once on warm plates, with a glass of dry white wine.',
  'Tides rise and fall twice a day along most coasts, pulled by the moon and the sun. Near the equinoxes the range is largest. Sailors read tide tables before they leave the harbour, and fishermen follow the ebb out to the sandbanks at dawn.',
  'Honey bees gather nectar from flowers and store it in wax cells. Worker bees fan their wings to dry it. A strong colony can hold tens of thousands of bees in summer. Beekeepers harvest the surplus in autumn and leave the rest for the winter.',
];
const ANSWER =
  'General practitioners in the country are paid an average salary of 120,000 dollars a year. Physicians in rural clinics receive an extra allowance on top of their wages. Surgeons and other specialists make considerably more than that, especially in the large cities.';
const context = [...UNRELATED, ANSWER].join('\n\n');

function kept(text: string, query: string, meaningWeight = DEFAULT_TUNING.meaningWeight): string {
  return compressWithTuning(
    { context: text, query, level: 'low' },
    { ...DEFAULT_TUNING, meaningWeight },
  ).compressed;
}

describe('closeness in meaning of a passage to the query', () => {
  it('keeps the passage that answers in other words over passages of other topics', () => {
    expect(kept(context, QUESTION)).toContain('an average salary');
    // Words alone cannot tell: no passage shares a content word with the question.
    expect(kept(context, QUESTION, 0)).not.toContain('an average salary');
  });

  it('scores the passage of the same topic highest', () => {
    const { units, sections } = segment(context);
    const index = indexUnits(context, units);
    const meaning = sectionMeaning(QUESTION, { units, sections, labelUnits: [] }, index)!;
    const answer = units.find((unit) => context.slice(unit.start, unit.end).includes('Surgeons'))!;
    expect(meaning[answer.section]).toBe(1);
  });

  it('reads no query the table does not hold: a Spanish context keeps the same units', () => {
    const spanish = [
      'El granito se forma cuando el magma se enfría lentamente bajo la superficie. Sus cristales de cuarzo crecen durante miles de años. Las canteras lo cortan en bloques para encimeras y monumentos, y las losas pulidas conservan su brillo durante décadas.',
      'Un buen risotto necesita arroz de grano corto y caldo caliente. Remover libera el almidón que lo hace cremoso. El parmesano y la mantequilla se añaden al final, fuera del fuego, y se sirve enseguida en platos calientes con una copa de vino blanco.',
      'La serie se estrenó el 13 de abril de 2018 en Netflix. La protagonizan Molly Parker y Toby Stephens como padres de una familia de colonos. El servicio la renovó por otra tanda de episodios, y la crítica elogió sus efectos visuales y su joven reparto.',
      'Las abejas recogen el néctar de las flores y lo guardan en celdas de cera. Una colonia fuerte puede tener decenas de miles de abejas. Los apicultores cosechan el excedente en otoño y dejan el resto para el invierno que viene.',
    ].join('\n\n');
    const question = '¿Cuándo se estrena la nueva temporada de Perdidos en el espacio?';
    const { units, sections } = segment(spanish);
    expect(sections.length).toBe(4);
    expect(
      sectionMeaning(question, { units, sections, labelUnits: [] }, indexUnits(spanish, units)),
    ).toBeUndefined();
    expect(kept(spanish, question)).toBe(kept(spanish, question, 0));
  });
});

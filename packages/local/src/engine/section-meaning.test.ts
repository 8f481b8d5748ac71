import type { ContextMessage } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { compressWithTuning } from './compress-context.ts';
import { sectionMeaning } from './section-meaning.ts';
import { segment } from './segment.ts';
import { context, QUESTION } from './testing/meaning-passages.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import { indexUnits } from './unit-index.ts';

/**
 * A passage that answers in other words than the question's ranks above passages that
 * share no word with it either: the shipped word vectors read their meaning.
 */

function kept(
  text: string | ContextMessage[],
  query: string,
  meaningWeight = DEFAULT_TUNING.meaningWeight,
): string {
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

  it('reads the passages a retrieval prompt puts in its system message', () => {
    // Passages of a message need passage length on average, its opening line included.
    const longer = [
      ' Geologists date the oldest outcrops to more than three billion years ago.',
      ' Cooks in Milan add saffron and call it risotto alla milanese.',
      ' Some bays see a range of more than ten metres between low and high water.',
      ' A queen lays up to two thousand eggs a day in the warmest weeks.',
      ' Nurses and pharmacists in the same clinics are paid less.',
    ];
    const passages = context
      .split('\n\n')
      .map((passage, at) => passage + longer[at])
      .join('\n\n');
    const prompt: ContextMessage[] = [
      { role: 'system', content: `Answer the question from these passages.\n\n${passages}` },
      { role: 'user', content: QUESTION },
    ];
    expect(kept(prompt, QUESTION)).toContain('an average salary');
    expect(kept(prompt, QUESTION, 0)).not.toContain('an average salary');
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

import type { ContextMessage } from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { compressWithTuning } from './compress-context.ts';
import { sectionMeaning } from './section-meaning.ts';
import { segment } from './segment.ts';
import { context, prompt, QUESTION } from './testing/meaning-passages.ts';
import { DEFAULT_TUNING } from './tuning.ts';
import { indexUnits } from './unit-index.ts';

/**
 * A passage that answers in other words than the question's ranks above passages that
 * share no word with it either: the shipped word vectors read their meaning.
 */

const SPANISH = [
  'El granito se forma cuando el magma se enfría lentamente bajo la superficie. Sus cristales de cuarzo crecen durante miles de años. Las canteras lo cortan en bloques para encimeras y monumentos, y las losas pulidas conservan su brillo durante décadas.',
  'Un buen risotto necesita arroz de grano corto y caldo caliente. Remover libera el almidón que lo hace cremoso. El parmesano y la mantequilla se añaden al final, fuera del fuego, y se sirve enseguida en platos calientes con una copa de vino blanco.',
  'La serie se estrenó el 13 de abril de 2018 en Netflix. La protagonizan Molly Parker y Toby Stephens como padres de una familia de colonos. El servicio la renovó por otra tanda de episodios, y la crítica elogió sus efectos visuales y su joven reparto.',
  'Las abejas recogen el néctar de las flores y lo guardan en celdas de cera. Una colonia fuerte puede tener decenas de miles de abejas. Los apicultores cosechan el excedente en otoño y dejan el resto para el invierno que viene.',
].join('\n\n');

/** Each section's closeness in meaning to `query`, as a text context of passages reads it. */
function meaningOf(text: string, query: string): Float64Array | undefined {
  const { units, sections } = segment(text);
  return sectionMeaning(query, { units, sections, labelUnits: [] }, indexUnits(text, units));
}

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
    expect(kept(prompt, QUESTION)).toContain('an average salary');
    expect(kept(prompt, QUESTION, 0)).not.toContain('an average salary');
  });

  it('leaves a conversation of one passage a message to its turns', () => {
    const turns: ContextMessage[] = context
      .split('\n\n')
      .map((passage, at) => ({ role: at % 2 ? 'assistant' : 'user', content: passage }));
    expect(kept(turns, QUESTION)).toBe(kept(turns, QUESTION, 0));
  });

  it('scores the passage of the same topic highest', () => {
    const { units } = segment(context);
    const meaning = meaningOf(context, QUESTION)!;
    const answer = units.find((unit) => context.slice(unit.start, unit.end).includes('Surgeons'))!;
    expect(meaning[answer.section]).toBe(1);
  });

  // A question that names something ("Perdidos") never reaches the table
  // (compress-context.ts): these are lower-case, so each test below is the table's own.
  it('reads no text the table does not hold: a Spanish context keeps the same units', () => {
    const question = 'cuándo se estrena la nueva temporada de perdidos en el espacio';
    expect(SPANISH.split('\n\n')).toHaveLength(4);
    expect(meaningOf(SPANISH, QUESTION)).toBeUndefined();
    expect(meaningOf(SPANISH, question)).toBeUndefined();
    expect(kept(SPANISH, question)).toBe(kept(SPANISH, question, 0));
  });

  it('reads no query the table does not hold, nor one of stop words alone', () => {
    for (const question of ['cuánto gana un médico de familia', 'what is it', '', '  ?']) {
      expect(meaningOf(context, question), question).toBeUndefined();
      expect(kept(context, question)).toBe(kept(context, question, 0));
    }
  });

  it('reads no context of one passage, nor passages all as close as each other', () => {
    const answer = context.split('\n\n').at(-1)!;
    expect(meaningOf(answer, QUESTION)).toBeUndefined();
    expect(kept(answer, QUESTION)).toBe(kept(answer, QUESTION, 0));
    expect(meaningOf(`${answer}\n\n${answer}`, QUESTION)).toBeUndefined();
  });
});

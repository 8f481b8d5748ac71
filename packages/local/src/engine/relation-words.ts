import { stem } from './terms.ts';

/**
 * How a question names a relation and how a passage states it: "the place of birth of"
 * against "was born in", "the spouse of" against "married", "educated" against "studied
 * at". Word matching alone misses these, and in a two-hop question the relation word
 * is often the only term the second passage shares with the question, since the bridge
 * entity the passage is about is not in the question. Each group is one meaning; the
 * query scorer lets any of its words stand for the one the question used
 * (query-terms.ts).
 */
const GROUPS = [
  'birth born birthplace',
  'educated study studied graduated attended alumnus alma university college',
  'spouse married wife husband marriage betrothed fiance',
  'child son daughter children',
  'sibling brother sister',
  'parent father mother',
  'founded founder established formed',
  'died death',
  'author wrote written writer novel',
  'director directed',
  'producer produced',
  'creator created',
  'composer composed',
  'performer performed sung singer band recorded',
  'publisher published',
  'developer developed',
  'manufacturer manufactured made',
  'owner owned owns',
  'headquarters headquartered based',
  'employer worked employed',
  'citizenship citizen nationality',
  'award won received prize awarded',
  'located location situated',
  'member joined',
  'label signed records',
];

const RELATED = new Map<string, string[]>();
for (const group of GROUPS) {
  const terms = [...new Set(group.split(' ').map((word) => stem(word)))];
  for (const term of terms) {
    const others = RELATED.get(term) ?? [];
    for (const other of terms) if (other !== term && !others.includes(other)) others.push(other);
    RELATED.set(term, others);
  }
}

/** The stemmed terms that state the same relation as `term` (none for most terms). */
export function relationWords(term: string): readonly string[] {
  return RELATED.get(term) ?? [];
}

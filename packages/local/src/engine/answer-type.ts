/**
 * What kind of answer a question asks for, and whether a unit holds something of that
 * kind: a date for "when", a number for "how many", a name for "who" and "where". A
 * unit that matches the question's terms and also holds an answer of the right kind
 * is the likelier home of the answer.
 */
export type AnswerType = 'time' | 'number' | 'name';

const TIME_QUESTION =
  /\b(?:when|what (?:year|date|time|day|month|century|decade)|which (?:year|date|day))\b/;
const NUMBER_QUESTION =
  /\bhow (?:many|much|long|old|far|big|tall|high|deep|large|fast|often)\b|\bwhat (?:percentage|percent|number|age|size)\b/;
const NAME_QUESTION =
  /\b(?:who|whom|whose|where|which (?:country|city|state|team|person|company))\b/;

export function answerTypeOf(query: string): AnswerType | undefined {
  const lower = query.toLowerCase();
  if (TIME_QUESTION.test(lower)) return 'time';
  if (NUMBER_QUESTION.test(lower)) return 'number';
  if (NAME_QUESTION.test(lower)) return 'name';
  return undefined;
}

const TIME =
  /\b(?:1[0-9]{3}|20[0-9]{2})\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December)\b|\b[0-9]{1,2}(?:st|nd|rd|th) century\b/;
const NUMBER =
  /[0-9]|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)\b/i;
/** A capitalised word that does not open the text. */
const NAME = /[^.!?"\s]\s+["“(]?\p{Lu}\p{Ll}/u;

export function holdsAnswerType(text: string, type: AnswerType): boolean {
  switch (type) {
    case 'time':
      return TIME.test(text);
    case 'number':
      return NUMBER.test(text);
    case 'name':
      return NAME.test(text);
  }
}

import fc from 'fast-check';

/**
 * JSON documents that have broken JSON handling before, as text built piece by piece so
 * that number literals keep the text they were given: deep nesting (thousands of levels),
 * huge arrays, any unicode (lone surrogates escaped), `__proto__` keys, and numbers at the
 * edge of precision. `numberTexts` and `expectSameNumbers` check that a number's text never
 * changed on the way through.
 */

export const edgeNumber = fc.constantFrom(
  '12345678901234567890',
  '9007199254740993',
  '0.30000000000000004',
  '1.10',
  '1e400',
  '-1e-400',
  '5e-324',
  '-0',
  '0.1e-7',
  '-1.5E+300',
  '100',
);

const numberText = fc.oneof(
  edgeNumber,
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);

const key = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'owner', 'contact', 'email', 'price', 'id', 'next'),
);

const scalar = fc.oneof(
  numberText,
  fc.string({ unit: 'binary', maxLength: 40 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('true', 'false', 'null', '"ops@example.org"'),
);

type JsonTexts = { value: string; array: string; object: string; document: string };

/** A random object or array, a few levels deep. */
export const randomDocument = fc.letrec<JsonTexts>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 8 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(key, tie('value')), { maxLength: 8 })
    .map(
      (members) =>
        `{${members.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`,
    ),
  document: fc.oneof(tie('array'), tie('object')),
})).document;

/** Nested 50 to 6,000 levels deep, objects or arrays. */
export const deepDocument = fc
  .tuple(fc.integer({ min: 50, max: 6_000 }), edgeNumber, fc.boolean())
  .map(([depth, number, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}${number}${']'.repeat(depth)}`
      : `${'{"next":'.repeat(depth)}${number}${'}'.repeat(depth)}`,
  );

/** An API response with a long array of records, one a line. */
export const hugeArray = fc
  .tuple(
    fc.integer({ min: 100, max: 800 }),
    edgeNumber,
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  )
  .map(([count, number, text]) => {
    const items = Array.from(
      { length: count },
      (_, index) =>
        `  {"id":${index},"price":${number},"name":${JSON.stringify(`${text} station ${index}`)},"note":"Dock ${index} passed the brake check."}`,
    );
    return `{"status":"ok","owner":{"login":"kestrel-ops","contact":{"email":"ops@example.org"}},"items":[\n${items.join(',\n')}\n]}`;
  });

export const adversarialJson = fc.oneof(randomDocument, deepDocument, hugeArray);

/** The source text of every number in a JSON text (none when nested too deep to walk). */
export function numberTexts(text: string): string[] {
  const found: string[] = [];
  try {
    JSON.parse(text, (_key, value: unknown, context?: { source?: string }) => {
      if (typeof value === 'number' && context?.source !== undefined) found.push(context.source);
      return value;
    });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  return found;
}

/** The number texts of `output` that none of `inputs` holds (empty when none changed). */
export function changedNumbers(output: string, inputs: readonly string[]): string[] {
  const known = new Set(inputs.flatMap(numberTexts));
  return numberTexts(output).filter((number) => !known.has(number));
}

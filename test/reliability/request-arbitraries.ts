import fc from 'fast-check';

/** Values a field might hold by mistake: every JSON type, near-misses of the enums, edges. */
const oddValue = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.constantFrom('low', 'standard', 'ultra', 'auto', 'ULTRA', 'medium', ''),
  fc.constantFrom('conservative', 'balanced', 'aggressive', 'fast'),
  fc.constantFrom(0, 1, 1024, 32768, 32769, -1, 1.5),
  fc.constantFrom('openai', 'anthropic', 'google', 'OpenAI', 'my-provider'),
  fc.jsonValue({ maxDepth: 2 }),
);

const message = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      role: fc.constantFrom('user', 'assistant', 'system'),
      content: fc.string(),
    }),
  },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('role', 'content', 'name'), oddValue) },
);

const context = fc.oneof(
  fc.string(),
  fc.array(message, { maxLength: 8 }),
  // Both sides of the 500-message limit.
  fc
    .constantFrom(499, 500, 501)
    .map((count) =>
      Array.from({ length: count }, (_, index) => ({ role: 'user', content: `m${index}` })),
    ),
  oddValue,
);

/** Request bodies that are near the contract: mostly right, sometimes wrong in one or more ways. */
export const nearContractBody = fc
  .record(
    {
      context,
      query: oddValue,
      level: oddValue,
      mode: oddValue,
      provider: oddValue,
      model: fc.oneof(fc.constantFrom('gpt-4o-mini', ''), oddValue),
      maxOutputTokens: oddValue,
      extra: oddValue,
    },
    { requiredKeys: [] },
  )
  .map((body) => {
    // Drop undefined so the body is what JSON would carry.
    return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  });

/** Anything at all: any JSON value, or any string that may not even be JSON. */
export const anyBody = fc.oneof(nearContractBody, fc.jsonValue(), fc.string(), fc.anything());

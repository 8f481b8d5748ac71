import fc from 'fast-check';
import { reportPage } from './tool-loop.ts';

/** Message and tool texts: empty, short, odd, or a long report page worth compressing. */
export const conversationTexts = fc.oneof(
  fc.constantFrom('ok', 'Thanks!', ''),
  fc.integer({ min: 1, max: 40 }).map((page) => reportPage(page)),
  fc.string({ maxLength: 40 }),
);

/** Policy settings a caller may choose, and how often the service fails. */
export const policyChoices = fc.record({
  keepLast: fc.integer({ min: 0, max: 4 }),
  reasoning: fc.constantFrom('keep' as const, 'drop' as const),
  minTokens: fc.constantFrom(0, 100, 500),
  keepMessages: fc.integer({ min: 0, max: 3 }),
  exclude: fc.constantFrom([], ['calendar']),
  failEvery: fc.integer({ min: 2, max: 6 }),
});

/** The policy options for those choices, as both integrations take them. */
export function policyOptions(
  choices: typeof policyChoices extends fc.Arbitrary<infer T> ? T : never,
) {
  return {
    minTokens: choices.minTokens,
    keep: { messages: choices.keepMessages },
    reasoning: choices.reasoning,
    toolResults: { keepLast: choices.keepLast, exclude: choices.exclude },
  };
}

import { expect } from 'vitest';
import type { SuiteExample } from '../quality/suite-example.ts';

/**
 * What every built set's split must hold: at least `devQuestions` dev questions, so that one
 * question is not two points, and no conversation or context in both parts.
 */
export function expectSplitByConversation(
  examples: readonly SuiteExample[],
  devQuestions = 300,
): void {
  expect(examples.filter((example) => example.split === 'dev').length).toBeGreaterThanOrEqual(
    devQuestions,
  );
  const splitOf = new Map<string, string>();
  for (const example of examples) {
    const seen = splitOf.get(example.conversation!);
    if (seen) expect(seen, example.id).toBe(example.split);
    splitOf.set(example.conversation!, example.split);
  }
}

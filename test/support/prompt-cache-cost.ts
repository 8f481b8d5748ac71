import type { ChatCompletionsRequest } from './fake-openai-chat.ts';

/** Anthropic's prices as multiples of base input: a cache read 0.1x, a 5-minute cache write 1.25x. */
const READ = 0.1;
const WRITE = 1.25;

/**
 * What a sequence of requests costs in input under automatic prefix caching at Anthropic's
 * prices (the rule of `bench/support/pricing-anthropic-automatic.ts`, counted in characters
 * rather than tokens): each prompt is cached to its end, and the next one reads its longest
 * common prefix with the previous prompt at 0.1x and writes the rest at 1.25x. In units of
 * the base price of one character. The tools offered come first, as in the provider's
 * cached prefix: a tool added or removed rewrites everything after it.
 */
export function cachedInputCost(requests: readonly ChatCompletionsRequest[]): number {
  let previous = '';
  let cost = 0;
  for (const request of requests) {
    const prompt = [
      JSON.stringify(request.tools ?? []),
      ...request.messages.map((message) => JSON.stringify(message)),
    ].join('\n');
    let shared = 0;
    while (
      shared < prompt.length &&
      shared < previous.length &&
      prompt[shared] === previous[shared]
    )
      shared++;
    cost += shared * READ + (prompt.length - shared) * WRITE;
    previous = prompt;
  }
  return cost;
}

/**
 * The steps whose messages do not start with the previous step's, byte for byte: where a
 * rewrite made the provider write its cached prefix again.
 */
export function rewrittenSteps(requests: readonly ChatCompletionsRequest[]): number[] {
  return requests.flatMap((request, index) => {
    if (index === 0) return [];
    const previous = requests[index - 1]!.messages;
    const same = previous.every(
      (message, at) => JSON.stringify(request.messages[at]) === JSON.stringify(message),
    );
    return same ? [] : [index];
  });
}

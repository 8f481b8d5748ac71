import { countTokens } from './prompt-tokens.ts';

/**
 * What calls made beside the agent's own cost (a summarizer's), in base-input-token units:
 * each prompt is new text (nothing of it was cached before), so its input is billed at 1x;
 * its answer is output, billed at the output price. Claude Sonnet 4.5: $15 per million output
 * tokens against $3 input (5x); GPT-5: $10 against $1.25 (8x).
 */
export const OUTPUT_PRICE = { anthropic: 5, openai: 8 } as const;

export function sideCallCost(calls: readonly { prompt: string; answer: string }[]) {
  let input = 0;
  let output = 0;
  for (const call of calls) {
    input += countTokens(call.prompt);
    output += countTokens(call.answer);
  }
  return {
    anthropic: input + output * OUTPUT_PRICE.anthropic,
    openai: input + output * OUTPUT_PRICE.openai,
  };
}

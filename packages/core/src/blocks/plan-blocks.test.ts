import { describe, expect, it } from 'vitest';
import { LOOP_TAIL_MAX_TOKENS } from '../policy/compression-policy.ts';
import type { BlockMessage } from './block-message.ts';
import { OPENAI_CACHE_SCHEDULE } from './cost-gate.ts';
import { planBlocks } from './plan-blocks.ts';

/** A result of about `tokens` estimated tokens (four characters a token). */
const resultText = (step: number, tokens: number) =>
  `page ${step} `.padEnd(tokens * 4, `record ${step} `);

/** One user turn of a tool loop: the question, then `results` calls each answered. */
function loop(results: number, tokens = 1_500): BlockMessage[] {
  const messages: BlockMessage[] = [
    { role: 'system', text: 'You read reports.' },
    { role: 'user', text: 'Which warehouse was late most often?' },
  ];
  for (let step = 1; step <= results; step++) {
    messages.push({ role: 'assistant', text: `read ${step}`, toolCallIds: [`c${step}`] });
    messages.push({ role: 'tool', text: resultText(step, tokens), toolResultIds: [`c${step}`] });
  }
  return messages;
}

/** Where the closed blocks end at each step of the loop (the prompt after each result). */
function cutsByStep(results: number, tokens?: number) {
  const messages = loop(results, tokens);
  return Array.from({ length: results }, (_, step) => {
    const plan = planBlocks(messages.slice(0, 2 + 2 * (step + 1)));
    return plan.blocks.at(-1)?.end ?? 0;
  });
}

describe('planBlocks in a running tool loop', () => {
  it('closes none of a 14-step loop’s results while it runs, so every step extends the cached prompt', () => {
    expect(new Set(cutsByStep(14))).toEqual(new Set([0]));
  });

  it('closes a long loop’s older results in few batches, each kept at every later step', () => {
    const cuts = cutsByStep(60);
    // A cut, once made, stays: the blocks of a step are a prefix of the next step's.
    for (const [step, cut] of cuts.slice(1).entries())
      expect(cut).toBeGreaterThanOrEqual(cuts[step]!);
    const changes = cuts.filter((cut, step) => step > 0 && cut !== cuts[step - 1]).length;
    expect(changes).toBeGreaterThan(0);
    expect(changes).toBeLessThanOrEqual(3);
    // The newest three results always stay verbatim in the tail.
    cuts.forEach((cut, step) => {
      if (cut > 0) expect(cut).toBeLessThanOrEqual(2 + 2 * (step + 1) - 6);
    });
    // The open tail never holds much more than its ceiling.
    cuts.forEach((cut, step) => {
      const open = 2 + 2 * (step + 1) - Math.max(cut, 2);
      expect(open * 1_500 * 0.5).toBeLessThanOrEqual(LOOP_TAIL_MAX_TOKENS + 2 * 1_500);
    });
  });

  it('closes a batch once its saved reads pay for rewriting the tail on the step it closes', () => {
    // Small results: the ceiling is far; at OpenAI's prices (read 0.1x, write 1x) a batch
    // of B tokens closes once 0.07 B ≥ 0.9 T, T the three results kept whole after it.
    const messages = loop(50, 100);
    const cuts = Array.from({ length: 50 }, (_, step) => {
      const plan = planBlocks(messages.slice(0, 2 + 2 * (step + 1)), {
        cacheSchedule: OPENAI_CACHE_SCHEDULE,
      });
      return plan.blocks.at(-1)?.end ?? 0;
    });
    // The three results kept whole, with their calls, hold 306 tokens: a batch closes once
    // it holds 0.9 × 306 / 0.07 = 3,935 tokens, 40 results, at the 43rd step.
    const first = cuts.findIndex((cut) => cut > 0);
    expect(first + 1).toBe(43);
    expect(cuts[first]).toBe(2 + 2 * 40);
  });

  it('with keepLast 0 closes every result as it arrives', () => {
    const messages = loop(5);
    expect(planBlocks(messages, { keepLast: 0 }).blocks.at(-1)?.end).toBe(messages.length);
  });
});

import { describe, expect, it } from 'vitest';
import type { ContextMessage } from '../../packages/core/src/index.ts';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import { renderContext } from '../../packages/local/src/engine/render-context.ts';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import { dialogueMissClass, evidenceTokens, unitsByMessage } from '../quality/dialogue-ceiling.ts';

const context: ContextMessage[] = Array.from({ length: 30 }, (_, at) => ({
  role: at % 2 === 0 ? 'user' : 'assistant',
  content:
    at === 11
      ? 'I finally booked the ferry. It leaves at seven every morning. From pier four, I think.'
      : `Message ${at} is small talk about the weather and what everyone had for lunch today.`,
}));

function fixture() {
  const { text, labels } = renderContext(context);
  const { explanation, compressed } = compressWithTuning(
    { context, query: 'When does the ferry leave?', level: 'ultra' },
    DEFAULT_TUNING,
    { explain: true },
  );
  const starts = labels.map((label) => label.start);
  return {
    text,
    explanation: explanation!,
    compressed,
    byMessage: unitsByMessage(explanation!.units, starts),
  };
}

describe('dialogue ceiling', () => {
  it('gathers every unit of a message, its role label and its sentences', () => {
    const { explanation, byMessage } = fixture();
    expect(byMessage).toHaveLength(30);
    expect(byMessage.flat()).toEqual(explanation.units.map((_, at) => at));
    const eleven = byMessage[11]!.map((unit) => explanation.units[unit]!.text).join('');
    expect(eleven.trim()).toBe(`assistant: ${context[11]!.content}`);
  });

  it('counts the evidence messages joined as the engine joins its output', () => {
    const { text, explanation, byMessage } = fixture();
    const tokens = evidenceTokens(text, explanation.units, byMessage, [3, 11]);
    // What the engine would return keeping those two messages: each whole, one a line.
    const joined = `assistant: ${context[3]!.content}\nassistant: ${context[11]!.content}`;
    expect(tokens).toBe(countTokens(joined));
  });

  it('classes a miss by what the output holds of the evidence messages', () => {
    const { explanation, byMessage } = fixture();
    const keeping = (messages: number[], part?: number) =>
      explanation.units.map((unit, at) => ({
        ...unit,
        kept:
          messages.some((message) => byMessage[message]!.includes(at)) ||
          (part !== undefined && byMessage[part]![0] === at),
      }));
    expect(dialogueMissClass(keeping([5]), byMessage, [3, 11])).toBe('no evidence turn kept');
    expect(dialogueMissClass(keeping([3]), byMessage, [3, 11])).toBe('some kept whole');
    expect(dialogueMissClass(keeping([3], 11), byMessage, [3, 11])).toBe('kept in part only');
  });
});

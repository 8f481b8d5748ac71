import type { LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import './quiet-warnings.ts';

export const MODEL_USAGE: LanguageModelV4Usage = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 9, text: 9, reasoning: undefined },
};

/** A model that answers `text` to every generate and stream call, and records each call. */
export function answeringModel(
  text: string,
  identity: { provider?: string; modelId?: string } = {},
): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: identity.provider ?? 'openai.chat',
    modelId: identity.modelId ?? 'gpt-4o-mini',
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: MODEL_USAGE,
      warnings: [],
    }),
    doStream: async () => ({ stream: convertArrayToReadableStream(textParts(text)) }),
  });
}

function textParts(text: string): LanguageModelV4StreamPart[] {
  const words = text.split(/(?<= )/);
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't1' },
    ...words.map((delta) => ({ type: 'text-delta' as const, id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish', usage: MODEL_USAGE, finishReason: { unified: 'stop', raw: 'stop' } },
  ];
}

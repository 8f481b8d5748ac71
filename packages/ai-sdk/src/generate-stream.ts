import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';

/**
 * A finished generate result as a V4 stream: `stream-start` with the warnings,
 * `response-metadata`, one `text-start` / `text-delta` / `text-end` block per text part,
 * and `finish` with usage and provider metadata. `/v1/generate` answers in one piece,
 * so each text arrives as a single delta.
 */
export function toStreamResult(result: LanguageModelV4GenerateResult): LanguageModelV4StreamResult {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: result.warnings },
    { type: 'response-metadata', ...result.response },
  ];
  result.content.forEach((content, index) => {
    if (content.type !== 'text') return;
    const id = `text-${index}`;
    parts.push(
      { type: 'text-start', id },
      { type: 'text-delta', id, delta: content.text },
      { type: 'text-end', id },
    );
  });
  parts.push({
    type: 'finish',
    usage: result.usage,
    finishReason: result.finishReason,
    ...(result.providerMetadata ? { providerMetadata: result.providerMetadata } : {}),
  });
  const stream = new ReadableStream<LanguageModelV4StreamPart>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return { stream, ...(result.request ? { request: result.request } : {}) };
}

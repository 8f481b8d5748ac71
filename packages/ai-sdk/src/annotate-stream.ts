import type {
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { type ContextOptimizerUsage, withUsageMetadata } from './usage-metadata.ts';

/**
 * Passes the wrapped model's stream through, adding `warnings` to its `stream-start`
 * part and `providerMetadata.ctxopt` (when there is a usage to report) to its `finish`
 * part, whose input tokens go to `onFinish`.
 */
export function annotateStream(
  result: LanguageModelV4StreamResult,
  usage: ContextOptimizerUsage | undefined,
  warnings: readonly SharedV4Warning[],
  onFinish?: (inputTokens: number | undefined, cacheReadTokens: number | undefined) => void,
): LanguageModelV4StreamResult {
  let first = true;
  const annotate = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
    transform(part, controller) {
      if (first && part.type !== 'stream-start' && warnings.length > 0) {
        // A model that sends no stream-start still gets its warnings delivered.
        controller.enqueue({ type: 'stream-start', warnings: [...warnings] });
      }
      first = false;
      if (part.type === 'stream-start' && warnings.length > 0) {
        controller.enqueue({ ...part, warnings: [...part.warnings, ...warnings] });
      } else if (part.type === 'finish') {
        onFinish?.(part.usage.inputTokens.total, part.usage.inputTokens.cacheRead);
        if (!usage) return controller.enqueue(part);
        controller.enqueue({
          ...part,
          providerMetadata: withUsageMetadata(part.providerMetadata, usage),
        });
      } else {
        controller.enqueue(part);
      }
    },
  });
  return { ...result, stream: result.stream.pipeThrough(annotate) };
}

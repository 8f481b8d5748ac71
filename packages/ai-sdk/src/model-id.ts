import { NoSuchModelError } from '@ai-sdk/provider';
import type { GenerateTarget } from './provider-id.ts';

/**
 * @example
 * ```ts
 * ctxopt('openai:gpt-4o-mini'); ctxopt('anthropic:claude-sonnet-4-5'); ctxopt('google:gemini-2.5-flash');
 * ```
 *
 * A model id of the `ctxopt` provider: the service's provider id, a colon, and the real
 * model id that provider accepts (`openai:gpt-4o-mini`). Everything after the first colon
 * is the model id, so ids with colons of their own (`openai:ft:gpt-4o-mini:org::abc`) work.
 */
export type ContextOptimizerModelId =
  | `openai:${string}`
  | `anthropic:${string}`
  | `google:${string}`
  | (string & {});

export function parseModelId(modelId: string): GenerateTarget {
  const colon = modelId.indexOf(':');
  const provider = modelId.slice(0, colon);
  const model = modelId.slice(colon + 1);
  if (colon <= 0 || model.length === 0 || !/^[a-z][a-z0-9._-]*$/.test(provider)) {
    throw new NoSuchModelError({
      modelId,
      modelType: 'languageModel',
      message:
        `Model id "${modelId}" is not "<provider>:<model>" with a lower-case provider id, ` +
        'such as "openai:gpt-4o-mini" or "anthropic:claude-sonnet-4-5".',
    });
  }
  return { provider, model };
}

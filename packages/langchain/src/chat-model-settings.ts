import { ContextOptimizerError } from '@ctxopt/core';

/** LangChain's standard chat model parameters, as `ChatContextOptimizer` takes them. */
export interface StandardChatModelOptions {
  /** LangChain's name for `maxOutputTokens`; give one of the two. */
  maxTokens?: number;
  /** Sequences that end the answer: it is cut before the first one (the endpoint has no `stop`). */
  stop?: string[];
  /** Another name of `stop`, used by some LangChain integrations. */
  stopSequences?: string[];
  /** Refused: `/v1/generate` takes no sampling parameters. */
  temperature?: number;
  /** Refused: `/v1/generate` takes no sampling parameters. */
  topP?: number;
}

/** Sampling parameters a caller may set out of habit, and the API cannot honour. */
const samplingParameters = ['temperature', 'topP', 'topK', 'frequencyPenalty', 'presencePenalty'];

export interface ChatModelSettings {
  maxOutputTokens: number | undefined;
  stop: string[] | undefined;
}

/**
 * Checks LangChain's standard parameters at construction: `maxTokens` becomes
 * `maxOutputTokens`, `stop` (or `stopSequences`) is kept to cut the answer, and a sampling
 * parameter fails here, naming the field, rather than being silently dropped.
 */
export function checkChatModelSettings(
  options: StandardChatModelOptions & { maxOutputTokens?: number },
  owner: string,
): ChatModelSettings {
  const fail = (message: string): never => {
    throw new ContextOptimizerError(`${owner}: ${message}`);
  };
  const given = options as Record<string, unknown>;
  for (const field of samplingParameters) {
    if (given[field] !== undefined) {
      fail(
        `${field} is not supported: POST /v1/generate takes no sampling parameters, so the ` +
          `provider's default applies. Remove ${field} (or use the provider's own chat model).`,
      );
    }
  }
  const { maxTokens, maxOutputTokens } = options;
  if (maxTokens !== undefined && maxOutputTokens !== undefined && maxTokens !== maxOutputTokens) {
    fail(
      `maxTokens (${maxTokens}) and maxOutputTokens (${maxOutputTokens}) disagree: they name the same limit, give one.`,
    );
  }
  if (options.stop !== undefined && options.stopSequences !== undefined) {
    fail('stop and stopSequences name the same setting: give one.');
  }
  const stop = options.stop ?? options.stopSequences;
  if (
    stop !== undefined &&
    (!Array.isArray(stop) || stop.some((item) => typeof item !== 'string'))
  ) {
    fail(`stop must be an array of strings (got ${JSON.stringify(stop)}).`);
  }
  return {
    maxOutputTokens: maxOutputTokens ?? maxTokens,
    stop: stop && stop.length > 0 ? stop : undefined,
  };
}

/** The answer up to the first stop sequence, as LangChain integrations cut it when the API cannot. */
export function cutAtStop(answer: string, stop: readonly string[] | undefined): string {
  if (!stop) return answer;
  let end = answer.length;
  for (const sequence of stop) {
    if (sequence === '') continue;
    const found = answer.indexOf(sequence);
    if (found !== -1 && found < end) end = found;
  }
  return answer.slice(0, end);
}

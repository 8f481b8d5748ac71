import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import {
  type CompressionLevel,
  type CompressionMode,
  type ContextOptimizer,
  Deadline,
  type GenerateParams,
  type GenerateResponse,
} from '@ctxopt/core';
import { generateAsOperation, levelOrModeOf } from '@ctxopt/core/internal';
import { toGenerateInput } from './generate-input.ts';
import type { GenerateTarget } from './provider-id.ts';

export interface GenerateCallSettings {
  optimizer: ContextOptimizer;
  target: GenerateTarget;
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
  /** Milliseconds for the whole call. */
  timeout: number;
}

/** The `/v1/generate` body for a model call: prompt, target, level or mode, maxOutputTokens. */
export function toGenerateParams(
  options: LanguageModelV4CallOptions,
  settings: Pick<GenerateCallSettings, 'target' | 'level' | 'mode'>,
): GenerateParams {
  return {
    ...toGenerateInput(options.prompt),
    ...levelOrModeOf(settings),
    provider: settings.target.provider,
    model: settings.target.model,
    ...(options.maxOutputTokens === undefined ? {} : { maxOutputTokens: options.maxOutputTokens }),
  };
}

/**
 * Sends one attempt of a `/v1/generate` call. It is made once (`maxRetries: 0`): the AI
 * SDK retries a retryable `APICallError` by itself, and retrying here too would multiply
 * the attempts. Each of the SDK's attempts of one call sends the same Idempotency-Key
 * with the same body, so the service runs and charges the call once: `call` is the
 * call's `prompt` array, which `generateText` hands unchanged to every attempt (see
 * core's `OperationKeys`). Errors come back as core's error classes; callers map them
 * or fail open.
 */
export async function sendGenerate(
  params: GenerateParams,
  settings: GenerateCallSettings,
  call: { prompt: object; abortSignal?: AbortSignal | undefined },
): Promise<GenerateResponse> {
  const deadline = new Deadline(settings.timeout, 'POST /v1/generate', call.abortSignal);
  try {
    return await deadline.race((signal) =>
      generateAsOperation(settings.optimizer, params, call.prompt, { signal, maxRetries: 0 }),
    );
  } finally {
    deadline.dispose();
  }
}

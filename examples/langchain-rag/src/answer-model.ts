import type { ProviderId } from '@ctxopt/core';

export interface AnswerModel {
  provider: ProviderId;
  model: string;
}

const defaultModels: Record<string, string> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  google: 'gemini-2.0-flash',
};

/**
 * The provider and model `/v1/generate` answers with: `CTXOPT_PROVIDER` and `CTXOPT_MODEL`
 * when set; otherwise the first provider whose key is set (`OPENAI_API_KEY`,
 * `ANTHROPIC_API_KEY`, `GOOGLE_API_KEY`), else `openai`, with that provider's small model.
 */
export function answerModelOf(env: NodeJS.ProcessEnv): AnswerModel {
  const keyed = (['openai', 'anthropic', 'google'] as const).find(
    (provider) => env[`${provider.toUpperCase()}_API_KEY`],
  );
  const provider = env.CTXOPT_PROVIDER || keyed || 'openai';
  const model = env.CTXOPT_MODEL || defaultModels[provider];
  if (!model) {
    throw new Error(`CTXOPT_MODEL must be set for provider "${provider}" (no default model).`);
  }
  return { provider, model };
}

import type { ProviderId } from '@ctxopt/core';

/**
 * The `/v1/generate` destination: the service's provider identifier and the real model id.
 *
 * @example
 * ```ts
 * const target: GenerateTarget = { provider: 'openai', model: 'gpt-4o-mini' };
 * ```
 */
export interface GenerateTarget {
  provider: ProviderId;
  model: string;
}

/**
 * AI SDK provider ids (`model.provider`) that name one of the service's providers. The
 * AI SDK suffixes the id with the API flavour (`openai.chat`, `openai.responses`,
 * `anthropic.messages`, `google.generative-ai`); the service only wants the company.
 * `google.vertex.*` is left out on purpose: Vertex models run on Google Cloud
 * credentials, not on the Gemini API key the service holds.
 */
const exactIds: ReadonlyMap<string, ProviderId> = new Map([
  ['openai', 'openai'],
  ['anthropic', 'anthropic'],
  ['google', 'google'],
  ['google.generative-ai', 'google'],
]);
/** Every API flavour of these providers maps to the provider itself. */
const familyPrefixes: readonly ProviderId[] = ['openai', 'anthropic'];

/**
 * @example
 * ```ts
 * mapGenerateTarget(openai('gpt-4o-mini')); // { provider: 'openai', model: 'gpt-4o-mini' }
 * mapGenerateTarget(mistral('mistral-large-latest')); // undefined: generate strategy cannot route it
 * ```
 *
 * Maps an AI SDK model (`provider` and `modelId`) to the service's provider and model,
 * or returns `undefined` when the provider is not one the service runs.
 *
 * The Vercel AI Gateway (`gateway`) names its models `openai/gpt-4o-mini`; the part
 * before the slash is mapped the same way.
 */
export function mapGenerateTarget(model: {
  provider: string;
  modelId: string;
}): GenerateTarget | undefined {
  if (model.provider === 'gateway') {
    const slash = model.modelId.indexOf('/');
    if (slash <= 0) return undefined;
    const provider = mapProviderId(model.modelId.slice(0, slash));
    return provider ? { provider, model: model.modelId.slice(slash + 1) } : undefined;
  }
  const provider = mapProviderId(model.provider);
  return provider ? { provider, model: model.modelId } : undefined;
}

/** `openai.chat` → `openai`, `anthropic.messages` → `anthropic`, `google.generative-ai` → `google`. */
export function mapProviderId(aiSdkProviderId: string): ProviderId | undefined {
  const id = aiSdkProviderId.toLowerCase();
  const exact = exactIds.get(id);
  if (exact) return exact;
  return familyPrefixes.find((prefix) => id.startsWith(`${prefix}.`));
}

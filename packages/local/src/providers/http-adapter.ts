import { buildPrompt, type Prompt } from './build-prompt.ts';
import { type ProviderHttpOptions, postJson } from './post-json.ts';
import type { ProviderAdapter, ProviderAnswer, ProviderCall } from './provider-adapter.ts';

/** What sets one provider's HTTP API apart: where and what to send, how to read the answer. */
export interface HttpProvider<T> {
  provider: string;
  url(call: ProviderCall): string;
  headers: Record<string, string>;
  /** The key the headers carry: redacted from whatever the provider answers. */
  secrets: string[];
  body(prompt: Prompt, call: ProviderCall): unknown;
  /** Reads the provider's JSON answer; throws a `malformed` `ProviderError` when it cannot. */
  read(body: T): ProviderAnswer;
}

/**
 * An adapter that sends the prompt of `buildPrompt` to a provider in one JSON POST. The
 * answer's shape is the provider's; `read` checks the fields it takes.
 */
export function createHttpAdapter<T>(
  options: ProviderHttpOptions,
  provider: HttpProvider<T>,
): ProviderAdapter {
  return {
    kind: 'http',
    async generate(call: ProviderCall): Promise<ProviderAnswer> {
      const body = await postJson({
        ...options,
        provider: provider.provider,
        url: provider.url(call),
        headers: provider.headers,
        secrets: provider.secrets,
        body: provider.body(buildPrompt(call.context, call.query), call),
        signal: call.signal,
      });
      return provider.read(body as T);
    },
  };
}

import { createHttpAdapter } from './http-adapter.ts';
import { joinURL, optionalTokenCount, type ProviderHttpOptions, tokenCount } from './post-json.ts';
import type { ProviderAdapter } from './provider-adapter.ts';
import { ProviderError } from './provider-error.ts';

export interface AnthropicAdapterOptions extends ProviderHttpOptions {
  /** The Anthropic API key, sent in `x-api-key`. */
  apiKey: string;
  /** @default 'https://api.anthropic.com' */
  baseURL?: string;
}

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

interface Message {
  content?: { type?: unknown; text?: unknown }[];
  usage?: {
    input_tokens?: unknown;
    output_tokens?: unknown;
    cache_creation_input_tokens?: unknown;
    cache_read_input_tokens?: unknown;
  };
}

/** Anthropic Messages: `POST {base}/v1/messages`. */
export function createAnthropicAdapter(options: AnthropicAdapterOptions): ProviderAdapter {
  const url = joinURL(options.baseURL ?? ANTHROPIC_BASE_URL, '/v1/messages');
  return createHttpAdapter<Message>(options, {
    provider: 'anthropic',
    url: () => url,
    headers: { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
    secrets: [options.apiKey],
    body: (prompt, call) => ({
      model: call.model,
      max_tokens: call.maxOutputTokens,
      system: prompt.system,
      messages: [{ role: 'user', content: prompt.user }],
    }),
    read(body) {
      if (!Array.isArray(body.content)) {
        throw new ProviderError('anthropic', 'malformed', 'anthropic answered without content.');
      }
      const answer = body.content
        .filter((block) => block.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text)
        .join('');
      const usage = body.usage ?? {};
      // `input_tokens` leaves out the tokens written to or read from the prompt cache.
      const inputTokens =
        tokenCount('anthropic', usage.input_tokens, 'usage.input_tokens') +
        optionalTokenCount(usage.cache_creation_input_tokens) +
        optionalTokenCount(usage.cache_read_input_tokens);
      const outputTokens = tokenCount('anthropic', usage.output_tokens, 'usage.output_tokens');
      return { answer, inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
    },
  });
}

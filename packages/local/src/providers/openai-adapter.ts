import { createHttpAdapter } from './http-adapter.ts';
import { joinURL, type ProviderHttpOptions, tokenCount } from './post-json.ts';
import type { ProviderAdapter } from './provider-adapter.ts';
import { ProviderError } from './provider-error.ts';

export interface OpenAIAdapterOptions extends ProviderHttpOptions {
  /** The OpenAI API key, sent as a Bearer token. */
  apiKey: string;
  /** @default 'https://api.openai.com' */
  baseURL?: string;
}

export const OPENAI_BASE_URL = 'https://api.openai.com';

interface ChatCompletion {
  choices?: { message?: { content?: unknown; refusal?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
}

/** OpenAI Chat Completions: `POST {base}/v1/chat/completions`. */
export function createOpenAIAdapter(options: OpenAIAdapterOptions): ProviderAdapter {
  const url = joinURL(options.baseURL ?? OPENAI_BASE_URL, '/v1/chat/completions');
  return createHttpAdapter<ChatCompletion>(options, {
    provider: 'openai',
    url: () => url,
    headers: { authorization: `Bearer ${options.apiKey}` },
    secrets: [options.apiKey],
    body: (prompt, call) => ({
      model: call.model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      // `max_tokens` is refused by the reasoning models; this name works for all.
      max_completion_tokens: call.maxOutputTokens,
    }),
    read(body) {
      const message = body.choices?.[0]?.message;
      const answer = typeof message?.content === 'string' ? message.content : message?.refusal;
      if (typeof answer !== 'string') {
        throw new ProviderError('openai', 'malformed', 'openai answered without a message.');
      }
      const usage = body.usage ?? {};
      return {
        answer,
        inputTokens: tokenCount('openai', usage.prompt_tokens, 'usage.prompt_tokens'),
        outputTokens: tokenCount('openai', usage.completion_tokens, 'usage.completion_tokens'),
        totalTokens: tokenCount('openai', usage.total_tokens, 'usage.total_tokens'),
      };
    },
  });
}

import { buildPrompt } from './build-prompt.ts';
import { joinURL, type ProviderHttpOptions, postJson, tokenCount } from './post-json.ts';
import type { ProviderAdapter, ProviderAnswer, ProviderCall } from './provider-adapter.ts';
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
  return {
    kind: 'http',
    async generate(call: ProviderCall): Promise<ProviderAnswer> {
      const prompt = buildPrompt(call.context, call.query);
      const body = (await postJson({
        ...options,
        provider: 'openai',
        url,
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: {
          model: call.model,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          // `max_tokens` is refused by the reasoning models; this name works for all.
          max_completion_tokens: call.maxOutputTokens,
        },
        signal: call.signal,
      })) as ChatCompletion;
      const message = body.choices?.[0]?.message;
      const answer = typeof message?.content === 'string' ? message.content : message?.refusal;
      if (typeof answer !== 'string') {
        throw new ProviderError('openai', 'malformed', 'openai answered without a message.');
      }
      return {
        answer,
        inputTokens: tokenCount('openai', body.usage?.prompt_tokens, 'usage.prompt_tokens'),
        outputTokens: tokenCount(
          'openai',
          body.usage?.completion_tokens,
          'usage.completion_tokens',
        ),
        totalTokens: tokenCount('openai', body.usage?.total_tokens, 'usage.total_tokens'),
      };
    },
  };
}

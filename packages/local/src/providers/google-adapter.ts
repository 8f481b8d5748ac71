import { buildPrompt } from './build-prompt.ts';
import { joinURL, type ProviderHttpOptions, postJson, tokenCount } from './post-json.ts';
import type { ProviderAdapter, ProviderAnswer, ProviderCall } from './provider-adapter.ts';
import { ProviderError } from './provider-error.ts';

export interface GoogleAdapterOptions extends ProviderHttpOptions {
  /** The Gemini API key, sent in `x-goog-api-key` (never in the query string, where logs keep it). */
  apiKey: string;
  /** @default 'https://generativelanguage.googleapis.com' */
  baseURL?: string;
}

export const GOOGLE_BASE_URL = 'https://generativelanguage.googleapis.com';

interface GenerateContentResponse {
  candidates?: { content?: { parts?: { text?: unknown; thought?: unknown }[] } }[];
  usageMetadata?: {
    promptTokenCount?: unknown;
    candidatesTokenCount?: unknown;
    thoughtsTokenCount?: unknown;
    totalTokenCount?: unknown;
  };
}

/** Gemini: `POST {base}/v1beta/models/{model}:generateContent`. */
export function createGoogleAdapter(options: GoogleAdapterOptions): ProviderAdapter {
  const base = options.baseURL ?? GOOGLE_BASE_URL;
  return {
    kind: 'http',
    async generate(call: ProviderCall): Promise<ProviderAnswer> {
      const prompt = buildPrompt(call.context, call.query);
      // Callers copy model names as `models/gemini-...` from Google's listings; both forms work.
      const model = encodeURIComponent(call.model.replace(/^models\//, ''));
      const body = (await postJson({
        ...options,
        provider: 'google',
        url: joinURL(base, `/v1beta/models/${model}:generateContent`),
        headers: { 'x-goog-api-key': options.apiKey },
        body: {
          systemInstruction: { parts: [{ text: prompt.system }] },
          contents: [{ role: 'user', parts: [{ text: prompt.user }] }],
          generationConfig: { maxOutputTokens: call.maxOutputTokens },
        },
        signal: call.signal,
      })) as GenerateContentResponse;
      const parts = body.candidates?.[0]?.content?.parts;
      if (!Array.isArray(parts)) {
        throw new ProviderError('google', 'malformed', 'google answered without a candidate.');
      }
      const answer = parts
        .filter((part) => typeof part.text === 'string' && part.thought !== true)
        .map((part) => part.text)
        .join('');
      const usage = body.usageMetadata ?? {};
      const inputTokens = tokenCount(
        'google',
        usage.promptTokenCount,
        'usageMetadata.promptTokenCount',
      );
      const totalTokens = tokenCount(
        'google',
        usage.totalTokenCount,
        'usageMetadata.totalTokenCount',
      );
      // Thinking models bill thought tokens as output, apart from the candidates' tokens.
      const outputTokens =
        optionalCount(usage.candidatesTokenCount) + optionalCount(usage.thoughtsTokenCount);
      return { answer, inputTokens, outputTokens, totalTokens };
    },
  };
}

function optionalCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

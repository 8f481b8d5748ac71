import { createHttpAdapter } from './http-adapter.ts';
import { joinURL, optionalTokenCount, type ProviderHttpOptions, tokenCount } from './post-json.ts';
import type { ProviderAdapter } from './provider-adapter.ts';
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
  return createHttpAdapter<GenerateContentResponse>(options, {
    provider: 'google',
    url(call) {
      // Callers copy model names as `models/gemini-...` from Google's listings; both forms work.
      const model = encodeURIComponent(call.model.replace(/^models\//, ''));
      return joinURL(base, `/v1beta/models/${model}:generateContent`);
    },
    headers: { 'x-goog-api-key': options.apiKey },
    secrets: [options.apiKey],
    body: (prompt, call) => ({
      systemInstruction: { parts: [{ text: prompt.system }] },
      contents: [{ role: 'user', parts: [{ text: prompt.user }] }],
      generationConfig: { maxOutputTokens: call.maxOutputTokens },
    }),
    read(body) {
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
        optionalTokenCount(usage.candidatesTokenCount) +
        optionalTokenCount(usage.thoughtsTokenCount);
      return { answer, inputTokens, outputTokens, totalTokens };
    },
  });
}

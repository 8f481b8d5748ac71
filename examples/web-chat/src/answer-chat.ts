import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { AgreementFigure } from '@ctxopt/core';
import type { HandbookRetriever } from '@ctxopt-examples/ai-sdk-rag/handbook-retriever';
import { callFiguresOf } from '@ctxopt-examples/ai-sdk-rag/turn-figures';
import {
  convertToModelMessages,
  smoothStream,
  streamText,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { browserErrorMessage } from './browser-error.ts';
import type { ChatMetadata } from './chat-metadata.ts';

export interface AnswerSettings {
  /** The model, already wrapped in `contextOptimizerMiddleware`. */
  model: LanguageModelV4;
  retriever: HandbookRetriever;
  inspectorUrl?: string;
  /** Logs a failure of the model call on the server (redacted there); the browser gets its status only. */
  logError?: (error: unknown) => void;
  /** Shadow evaluation's running agreement, per level and kind of content. */
  agreement?: () => AgreementFigure[];
}

const instructions =
  'You are the assistant of the Kestrel Bay Bike Share operations team. Answer from the ' +
  'handbook sections and the conversation.';

function textOf(message: UIMessage): string {
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim();
}

/**
 * `POST /api/chat`: the conversation the page sent, fresh handbook sections before the
 * last question, the answer streamed back as a UI message stream with its savings in
 * `messageMetadata`.
 */
export async function answerChat(
  body: unknown,
  settings: AnswerSettings,
  abortSignal: AbortSignal,
): Promise<Response> {
  const messages = await validateUIMessages<UIMessage>({
    messages: (body as { messages?: unknown } | null)?.messages,
  });
  const last = messages.at(-1);
  const question = last?.role === 'user' ? textOf(last) : '';
  if (!question) {
    return Response.json(
      { error: 'messages must end with a user message that has text.' },
      { status: 400 },
    );
  }
  const history = await convertToModelMessages(messages.slice(0, -1));
  const sections = settings.retriever.search(question);
  const { provider, modelId } = settings.model;
  const metadata: ChatMetadata = {
    model: `${provider}/${modelId}`,
    ...(settings.inspectorUrl ? { inspectorUrl: settings.inspectorUrl } : {}),
  };
  const result = streamText({
    model: settings.model,
    instructions,
    messages: [
      ...history,
      // Before the question, so the middleware compresses it with the question as query.
      { role: 'user', content: `Handbook sections for the next question:\n\n${sections}` },
      { role: 'user', content: question },
    ],
    // Word by word, so the page shows the answer arriving even from the fast offline model.
    experimental_transform: smoothStream({ delayInMs: 15, chunking: 'word' }),
    abortSignal,
    // Instead of the SDK's default (the whole error on the console, a key the provider
    // echoed included): the server's log, redacted.
    onError: ({ error }) => settings.logError?.(error),
  });
  return result.toUIMessageStreamResponse<UIMessage<ChatMetadata>>({
    messageMetadata({ part }) {
      if (part.type === 'start') return metadata;
      if (part.type !== 'finish-step') return undefined;
      const call = callFiguresOf(part.providerMetadata);
      metadata.calls = [
        ...(metadata.calls ?? []),
        { status: call.status, requestId: call.requestId },
      ];
      metadata.inputTokens = (metadata.inputTokens ?? 0) + call.inputTokens;
      metadata.compressedTokens = (metadata.compressedTokens ?? 0) + call.compressedTokens;
      metadata.modelInputTokens = (metadata.modelInputTokens ?? 0) + (part.usage.inputTokens ?? 0);
      // The verdicts so far: an answer's own shadow runs once its model stream has ended.
      const agreement = settings.agreement?.();
      if (agreement?.length) {
        metadata.agreement = agreement.map(({ level, kind, judged, agreed, lower, upper }) => ({
          level,
          kind,
          judged,
          agreed,
          lower,
          upper,
        }));
      }
      return { ...metadata };
    },
    // The provider's message never reaches the browser: it may echo the key.
    onError: browserErrorMessage,
  });
}

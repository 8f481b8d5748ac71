import type { CompressParams, CompressResponse, ContextOptimizer, ShadowEvent } from '@ctxopt/core';
import type { ChatCompletionsRequest, ScriptedReply } from './fake-openai-chat.ts';

/** The fact a question needs, and the question. */
export const FACT = 'The access code for the vault is 4711.';
export const QUESTION = 'What is the access code for the vault?';
const FILLER = 'We talked about the weather, the schedule for the week and lunch plans. ';

/** A conversation whose long history holds the fact, then the question. */
export function factChat() {
  return [
    { role: 'user' as const, content: `${FILLER.repeat(30)}\n${FACT}\n${FILLER.repeat(30)}` },
    { role: 'assistant' as const, content: 'Noted, I will remember all of that.' },
    { role: 'user' as const, content: QUESTION },
  ];
}

/**
 * The loopback model's answer depends on whether the fact reached it; asked to judge (the
 * LLM-as-judge rubric), it compares the two answers it was shown.
 */
export function answerByFact(_index: number, request: ChatCompletionsRequest): ScriptedReply {
  const prompt = JSON.stringify(request.messages);
  if (prompt.includes('Answer A:')) {
    const content = request.messages.at(-1)?.content;
    const text = Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? '').join('')
      : String(content ?? '');
    const [, a = '', b = ''] = /Answer A:\n([\s\S]*?)\n\nAnswer B:\n([\s\S]*)$/.exec(text) ?? [];
    return {
      text: a.trim() === b.trim() ? 'SAME. Both give the code.' : 'DIFFERENT: B lacks the code.',
    };
  }
  const seen = prompt.includes('4711');
  return { text: seen ? 'The access code is 4711.' : 'I do not know the access code.' };
}

/**
 * A compression service stand-in whose compressions keep a fifth of the text, and lose the
 * fact when `losesFact(level)` says so; it records every request as sent.
 */
export function factLosingOptimizer(losesFact: (level: string | undefined) => boolean) {
  const requests: CompressParams[] = [];
  const optimizer: ContextOptimizer = {
    async compress(params) {
      requests.push(params);
      const text =
        typeof params.context === 'string'
          ? params.context
          : params.context.map((message) => message.content).join('\n');
      const kept = [
        FILLER.repeat(2),
        text.includes('4711') && !losesFact(params.level) ? FACT : '',
      ].join('\n');
      const inputTokens = Math.ceil(text.length / 4);
      const compressedTokens = Math.ceil(kept.length / 4);
      return {
        success: true,
        requestId: `req_${requests.length}`,
        data: { compressed: kept },
        compression: { status: 'compressed' },
        usage: {
          request: {
            inputTokens,
            compressedTokens,
            savedTokens: inputTokens - compressedTokens,
            reductionPct: Math.round((1 - compressedTokens / inputTokens) * 100),
          },
        },
      } as CompressResponse;
    },
    async generate() {
      throw new Error('not used');
    },
  };
  return { optimizer, requests };
}

/**
 * The settings a shadow test compresses with, in either framework: a `factLosingOptimizer`
 * (losing the fact at `ultra` unless `losesFact` says otherwise), every call compressed at
 * `ultra` outside block mode, and the shadow events collected; `overrides` last.
 */
export function shadowedSettings<T extends object>(
  overrides: T,
  losesFact: (level: string | undefined) => boolean = (level) => level === 'ultra',
) {
  const service = factLosingOptimizer(losesFact);
  const events: ShadowEvent[] = [];
  const settings = {
    optimizer: service.optimizer,
    minTokens: 0,
    blocks: false as const,
    level: 'ultra' as const,
    onShadow: (event: ShadowEvent) => events.push(event),
    ...overrides,
  };
  return { service, events, settings };
}

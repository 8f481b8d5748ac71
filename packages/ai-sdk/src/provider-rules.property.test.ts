import type {
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { RECALL_HEADER } from '@ctxopt/core/internal';
import { wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  conversationTexts,
  policyChoices,
  policyOptions,
} from '../../../test/support/policy-arbitraries.ts';
import {
  currentTurnRoles,
  openAIRulesBroken,
  type RuleMessage,
  turnRulesBroken,
} from '../../../test/support/provider-rules.ts';
import { lineOptimizer } from '../../core/src/test-support/line-optimizer.ts';
import { answeringModel } from './test-support/mock-model.ts';

const texts = conversationTexts;
const openaiItem = fc.option(
  fc.uuid().map((id) => ({ openai: { itemId: `rs_${id}` } })),
  { nil: undefined },
);

/** One tool round: an assistant message with parallel calls (reasoning first, maybe), then their results. */
const toolRound = fc.record({
  reasoning: fc.option(texts, { nil: undefined }),
  reasoningOptions: openaiItem,
  preface: fc.option(texts, { nil: undefined }),
  calls: fc.array(
    fc.record({
      tool: fc.constantFrom('search', 'calendar'),
      result: texts,
      json: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const turn = fc.record({
  question: texts,
  file: fc.boolean(),
  rounds: fc.array(toolRound, { maxLength: 3 }),
  answer: fc.option(
    fc.record({
      text: texts,
      reasoning: fc.option(texts, { nil: undefined }),
      options: fc.option(fc.constant({ anthropic: { cacheControl: { type: 'ephemeral' } } }), {
        nil: undefined,
      }),
      empty: fc.boolean(),
    }),
    { nil: undefined },
  ),
});

/**
 * Random agent conversations as the AI SDK hands them to a model: several system
 * messages, earlier turns, parallel tool calls, reasoning parts (some bound to a provider
 * item), files, assistant messages with provider options and empty ones; the current
 * turn may end inside a tool loop.
 */
const conversation = fc
  .record({
    systems: fc.array(texts, { minLength: 1, maxLength: 3 }),
    turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
  })
  .map(({ systems, turns }) => {
    let nextId = 0;
    const prompt: LanguageModelV4Message[] = systems.map((text) => ({
      role: 'system',
      content: text,
    }));
    turns.forEach((current, index) => {
      const last = index === turns.length - 1;
      prompt.push({
        role: 'user',
        content: [
          { type: 'text', text: current.question || 'question' },
          ...(current.file
            ? [
                {
                  type: 'file' as const,
                  mediaType: 'image/png',
                  data: { type: 'data' as const, data: `image-${index}` },
                },
              ]
            : []),
        ],
      });
      for (const round of current.rounds) {
        const ids = round.calls.map(() => `call_${nextId++}`);
        prompt.push({
          role: 'assistant',
          content: [
            ...(round.reasoning === undefined
              ? []
              : [
                  {
                    type: 'reasoning' as const,
                    text: round.reasoning,
                    ...(round.reasoningOptions ? { providerOptions: round.reasoningOptions } : {}),
                  },
                ]),
            ...(round.preface ? [{ type: 'text' as const, text: round.preface }] : []),
            ...round.calls.map((call, at) => ({
              type: 'tool-call' as const,
              toolCallId: ids[at]!,
              toolName: call.tool,
              input: { query: `q${at}` },
            })),
          ],
        });
        prompt.push({
          role: 'tool',
          content: round.calls.map((call, at) => ({
            type: 'tool-result' as const,
            toolCallId: ids[at]!,
            toolName: call.tool,
            output: (call.json
              ? { type: 'json', value: { text: call.result } }
              : { type: 'text', value: call.result }) as LanguageModelV4ToolResultOutput,
          })),
        });
      }
      if (!last && current.answer) {
        const { text, reasoning, options, empty } = current.answer;
        prompt.push({
          role: 'assistant',
          content: empty
            ? []
            : [
                ...(reasoning === undefined
                  ? []
                  : [{ type: 'reasoning' as const, text: reasoning }]),
                { type: 'text' as const, text },
              ],
          ...(options ? { providerOptions: options } : {}),
        });
      }
    });
    return prompt as LanguageModelV4Prompt;
  });

const policy = policyChoices;

/** Keeps every fourth line; every `count`-th call fails, so failures mix with successes. */
function failingEvery(count: number) {
  let calls = 0;
  return lineOptimizer({ failing: () => ++calls % count === 0 }).optimizer;
}

/** The AI SDK prompt as the providers' rules see it. */
function ruleMessages(prompt: LanguageModelV4Prompt): RuleMessage[] {
  return prompt.map((message) => {
    const parts = typeof message.content === 'string' ? [] : (message.content as Part[]);
    const ids = (type: string) =>
      parts.flatMap((part) =>
        part.type === type ? [(part as { toolCallId: string }).toolCallId] : [],
      );
    return { role: message.role, callIds: ids('tool-call'), resultIds: ids('tool-result') };
  });
}

type Part = Exclude<LanguageModelV4Message['content'], string>[number];
const partsOf = (prompt: LanguageModelV4Prompt, type: string) =>
  prompt.flatMap((message) =>
    typeof message.content === 'string'
      ? []
      : (message.content as Part[]).filter((part) => part.type === type),
  );

const hasCacheMarker = (message: LanguageModelV4Message) =>
  message.providerOptions?.anthropic?.cacheControl !== undefined;

/** The question without the recall block mode adds as its last text part (if any). */
function withoutRecall(message: LanguageModelV4Message): LanguageModelV4Message {
  if (message.role !== 'user') return message;
  const last = message.content.at(-1);
  if (last?.type !== 'text' || !last.text.startsWith(RECALL_HEADER)) return message;
  return { ...message, content: message.content.slice(0, -1) };
}

/** The message as the caller wrote it: the Anthropic cache marker block mode adds removed. */
function withoutCacheMarker(message: LanguageModelV4Message): LanguageModelV4Message {
  if (!hasCacheMarker(message)) return message;
  const { cacheControl: _marker, ...anthropic } = message.providerOptions!.anthropic!;
  const { anthropic: _removed, ...providerOptions } = message.providerOptions!;
  const rest =
    Object.keys(anthropic).length > 0 ? { ...providerOptions, anthropic } : providerOptions;
  const { providerOptions: _options, ...bare } = message;
  return (
    Object.keys(rest).length > 0 ? { ...bare, providerOptions: rest } : bare
  ) as LanguageModelV4Message;
}

describe('every rewritten prompt keeps the rules providers enforce', () => {
  it('OpenAI, Anthropic and Gemini rules, and nothing of the user’s content lost', async () => {
    let rewritten = 0;
    await fc.assert(
      fc.asyncProperty(conversation, policy, async (prompt, options) => {
        expect(openAIRulesBroken(ruleMessages(prompt))).toBeUndefined();
        expect(turnRulesBroken(ruleMessages(prompt))).toBeUndefined();
        const model = answeringModel('ok');
        const wrapped = wrapLanguageModel({
          model,
          middleware: contextOptimizerMiddleware({
            optimizer: failingEvery(options.failEvery),
            ...policyOptions(options),
          }),
        });
        await wrapped.doGenerate({ prompt });
        const marked = model.doGenerateCalls[0]!.prompt;
        // Block mode adds at most two cache breakpoints; the rules below read the content.
        expect(marked.filter(hasCacheMarker).length).toBeLessThanOrEqual(
          prompt.filter(hasCacheMarker).length + 2,
        );
        // Compared as written, without the cache markers (block mode's or the caller's own).
        const sent = marked.map(withoutCacheMarker);
        const input = prompt.map(withoutCacheMarker);

        expect(openAIRulesBroken(ruleMessages(sent))).toBeUndefined();
        expect(turnRulesBroken(ruleMessages(sent))).toBeUndefined();
        // No speaker added inside the turn: from the last user message on, the app's roles.
        expect(currentTurnRoles(ruleMessages(sent))).toEqual(currentTurnRoles(ruleMessages(input)));
        // The current question (its recall, if any, after it), or the newest tool results
        // (unless keepLast is 0), reach the model as they were.
        if (input.at(-1)!.role !== 'tool' || options.keepLast > 0) {
          expect(withoutRecall(sent.at(-1)!)).toEqual(input.at(-1));
        }
        // System prompts, files and tool calls are never dropped or changed (empty messages are).
        const systems = (p: LanguageModelV4Prompt) =>
          p.filter((message) => message.role === 'system' && message.content.length > 0);
        expect(systems(sent)).toEqual(systems(input));
        expect(partsOf(sent, 'file')).toEqual(partsOf(input, 'file'));
        // A tool call is kept as it was, or folded into the compressed history with its result.
        const sentCalls = partsOf(sent, 'tool-call') as { toolCallId: string }[];
        const keptIds = new Set(sentCalls.map((part) => part.toolCallId));
        expect(sentCalls).toEqual(
          (partsOf(input, 'tool-call') as { toolCallId: string }[]).filter((part) =>
            keptIds.has(part.toolCallId),
          ),
        );
        if (keptIds.size < partsOf(input, 'tool-call').length) {
          expect(JSON.stringify(sent)).toContain('Earlier conversation (compressed):');
        }
        // Reasoning that goes with a tool call stays with it (OpenAI wants its reasoning item).
        for (const message of input) {
          if (message.role !== 'assistant') continue;
          const parts = message.content as Part[];
          const call = parts.find((part) => part.type === 'tool-call') as
            | { toolCallId: string }
            | undefined;
          if (!call || !keptIds.has(call.toolCallId)) continue;
          const carrier = sent.find(
            (candidate) =>
              candidate.role === 'assistant' &&
              (candidate.content as Part[]).some(
                (part) => part.type === 'tool-call' && part.toolCallId === call.toolCallId,
              ),
          )!;
          expect(partsOf([carrier], 'reasoning')).toEqual(partsOf([message], 'reasoning'));
        }
        if (JSON.stringify(sent) !== JSON.stringify(input)) rewritten++;
        // A tool result is either the original or its compressed text, for the same call.
        const original = new Map(
          partsOf(input, 'tool-result').map((part) => [
            (part as { toolCallId: string }).toolCallId,
            part,
          ]),
        );
        for (const part of partsOf(sent, 'tool-result') as Extract<
          Part,
          { type: 'tool-result' }
        >[]) {
          const before = original.get(part.toolCallId) as Extract<Part, { type: 'tool-result' }>;
          expect(part.toolName).toBe(before.toolName);
          if (JSON.stringify(part) !== JSON.stringify(before)) {
            expect(part.output).toMatchObject({ type: 'text' });
            // Rewritten under a header, or a block part ending with its handle note.
            const value = (part.output as { value: string }).value;
            expect(
              value.startsWith('Tool result (compressed):') ||
                /\[compressed: ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/.test(value),
            ).toBe(true);
            expect(options.exclude).not.toContain(part.toolName);
          }
        }
        const sentResults = partsOf(sent, 'tool-result') as { toolCallId: string }[];
        expect(sentResults.map((part) => part.toolCallId).sort()).toEqual([...keptIds].sort());
        expect(original.size).toBeGreaterThanOrEqual(sentResults.length);
      }),
      { numRuns: 150 },
    );
    // Many conversations were really rewritten, not passed through (block mode, the default
    // for agent conversations, rewrites only the results of closed blocks).
    expect(rewritten).toBeGreaterThan(30);
  });
});

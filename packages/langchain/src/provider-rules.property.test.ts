import { RECALL_HEADER } from '@ctxopt/core/internal';
import { ContextOptimizerRunnable } from '@ctxopt/langchain';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
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

const texts = conversationTexts;

const turn = fc.record({
  question: texts,
  image: fc.boolean(),
  rounds: fc.array(
    fc.record({
      thinking: fc.option(texts, { nil: undefined }),
      results: fc.array(fc.record({ tool: fc.constantFrom('search', 'calendar'), text: texts }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
    { maxLength: 3 },
  ),
  answer: fc.option(fc.record({ text: texts, thinking: fc.option(texts, { nil: undefined }) }), {
    nil: undefined,
  }),
});

/**
 * Random agent conversations in LangChain messages: several system messages, turns with
 * images, parallel tool calls (thinking blocks first, maybe), results, answers (some
 * empty); the current turn may end inside a tool loop.
 */
const conversation = fc
  .record({
    systems: fc.array(texts, { minLength: 1, maxLength: 3 }),
    turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
  })
  .map(({ systems, turns }) => {
    let nextId = 0;
    const messages: BaseMessage[] = systems.map((text) => new SystemMessage(text));
    turns.forEach((current, index) => {
      messages.push(
        new HumanMessage({
          content: current.image
            ? [
                { type: 'text', text: current.question || 'question' },
                { type: 'image_url', image_url: { url: `https://example.test/${index}.png` } },
              ]
            : current.question || 'question',
        }),
      );
      for (const round of current.rounds) {
        const calls = round.results.map((result) => ({
          id: `call_${nextId++}`,
          name: result.tool,
          args: { query: result.text.slice(0, 10) },
        }));
        messages.push(
          new AIMessage({
            content:
              round.thinking === undefined ? '' : [{ type: 'thinking', thinking: round.thinking }],
            tool_calls: calls,
          }),
        );
        round.results.forEach((result, at) => {
          messages.push(
            new ToolMessage({
              content: result.text,
              tool_call_id: calls[at]!.id,
              name: result.tool,
            }),
          );
        });
      }
      if (index < turns.length - 1 && current.answer) {
        const { text, thinking } = current.answer;
        messages.push(
          new AIMessage({
            content:
              thinking === undefined
                ? text
                : [
                    { type: 'thinking', thinking },
                    { type: 'text', text },
                  ],
          }),
        );
      }
    });
    return messages;
  });

const policy = policyChoices;

function ruleMessages(messages: readonly BaseMessage[]): RuleMessage[] {
  return messages.map((message) => ({
    role: { human: 'user', ai: 'assistant' }[message.getType() as string] ?? message.getType(),
    callIds: AIMessage.isInstance(message)
      ? (message.tool_calls ?? []).map((call) => call.id!)
      : [],
    resultIds: ToolMessage.isInstance(message) ? [message.tool_call_id] : [],
  }));
}

describe('every rewritten LangChain conversation keeps the rules providers enforce', () => {
  it('OpenAI, Anthropic and Gemini rules, and nothing of the user’s content lost', async () => {
    let rewritten = 0;
    await fc.assert(
      fc.asyncProperty(conversation, policy, async (messages, options) => {
        expect(openAIRulesBroken(ruleMessages(messages))).toBeUndefined();
        expect(turnRulesBroken(ruleMessages(messages))).toBeUndefined();
        let calls = 0;
        const runnable = new ContextOptimizerRunnable({
          optimizer: lineOptimizer({ failing: () => ++calls % options.failEvery === 0 }).optimizer,
          ...policyOptions(options),
        });
        const sent = await runnable.invoke(messages);

        expect(openAIRulesBroken(ruleMessages(sent))).toBeUndefined();
        expect(turnRulesBroken(ruleMessages(sent))).toBeUndefined();
        // No speaker added inside the turn: from the last user message on, the app's roles.
        expect(currentTurnRoles(ruleMessages(sent))).toEqual(
          currentTurnRoles(ruleMessages(messages)),
        );
        // The current question (its recall, if any, after it), or the newest tool results
        // (unless keepLast is 0), reach the model as they were.
        const last = messages.at(-1)!;
        const recalled = sent.at(-1)!.text.lastIndexOf(RECALL_HEADER);
        if (HumanMessage.isInstance(last) && recalled > 0) {
          expect(sent.at(-1)!.text.slice(0, recalled).trimEnd()).toBe(last.text);
        } else if (!ToolMessage.isInstance(last) || options.keepLast > 0) {
          expect(sent.at(-1)).toBe(last);
        }
        // System prompts (but empty ones) and images stay as they were.
        const systems = (list: readonly BaseMessage[]) =>
          list.filter((message) => message.getType() === 'system' && message.text.length > 0);
        expect(systems(sent)).toEqual(systems(messages));
        const images = (list: readonly BaseMessage[]) =>
          list.flatMap((message) =>
            Array.isArray(message.content)
              ? message.content.filter((part) => part.type === 'image_url')
              : [],
          );
        expect(images(sent)).toEqual(images(messages));
        // A tool call stays with its thinking and its result, or is folded into the history with both.
        const kept = new Set(ruleMessages(sent).flatMap((message) => message.callIds));
        for (const message of messages) {
          if (!AIMessage.isInstance(message) || !message.tool_calls?.length) continue;
          if (!kept.has(message.tool_calls[0]!.id!)) continue;
          expect(sent).toContain(message);
        }
        if (kept.size < ruleMessages(messages).flatMap((message) => message.callIds).length) {
          expect(
            sent.some((message) => message.text.startsWith('Earlier conversation (compressed):')),
          ).toBe(true);
        }
        // A tool result is the original or its compressed text, same call, same name.
        for (const message of sent) {
          if (!ToolMessage.isInstance(message) || messages.includes(message)) continue;
          const before = messages.find(
            (candidate) =>
              ToolMessage.isInstance(candidate) && candidate.tool_call_id === message.tool_call_id,
          ) as ToolMessage;
          expect(message.name).toBe(before.name);
          // Rewritten under a header, or a block part ending with its handle note.
          expect(
            message.text.startsWith('Tool result (compressed):') ||
              /\[compressed: ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/.test(message.text),
          ).toBe(true);
          expect(options.exclude).not.toContain(message.name);
        }
        if (
          sent.length !== messages.length ||
          sent.some((message, index) => message !== messages[index])
        ) {
          rewritten++;
        }
      }),
      { numRuns: 150 },
    );
    expect(rewritten).toBeGreaterThan(50);
  });
});

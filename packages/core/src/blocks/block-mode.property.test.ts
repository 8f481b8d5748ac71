import {
  applyBlockMode,
  type BlockMessage,
  guardStore,
  MemoryCompressionStore,
  planBlocks,
  retrieveOriginal,
  runBlockMode,
  StoreScope,
} from '@ctxopt/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';
import { lineOptimizer } from '../test-support/line-optimizer.ts';

/** A conversation as a provider sees it: each message with its texts, calls and results in place. */
interface Message extends BlockMessage {
  texts: string[];
}

const text = fc
  .array(fc.string({ minLength: 0, maxLength: 60 }), { minLength: 1, maxLength: 12 })
  .map((lines) => lines.join('\n'));

/** One user turn of an agent: the question, tool steps with parallel calls, an answer. */
const turn = fc.record({
  question: text,
  file: fc.boolean(),
  steps: fc.array(
    fc.record({
      calls: fc.integer({ min: 1, max: 3 }),
      splitResults: fc.boolean(),
      results: fc.array(text, { minLength: 3, maxLength: 3 }),
    }),
    { maxLength: 5 },
  ),
  answer: fc.option(text, { nil: undefined }),
  systemAfter: fc.boolean(),
});

function message(role: string, texts: string[], extra: Partial<Message> = {}): Message {
  return {
    role,
    texts,
    text: texts.join('\n'),
    parts: texts.map((part) => ({ text: part })),
    ...extra,
  };
}

/**
 * Builds the conversation and the points where a model is called (after each question
 * and after each round of tool results), as an agent loop appends to its history.
 */
function conversation(
  turns: (typeof turn extends fc.Arbitrary<infer T> ? T : never)[],
  systems: number,
) {
  const messages: Message[] = [];
  const callPoints: number[] = [];
  for (let index = 0; index < systems; index++)
    messages.push(message('system', [`system ${index}`]));
  let callId = 0;
  turns.forEach((spec) => {
    messages.push(message('user', [spec.question], spec.file ? { hasNonTextParts: true } : {}));
    callPoints.push(messages.length);
    for (const step of spec.steps) {
      const ids = Array.from({ length: step.calls }, () => `call_${callId++}`);
      messages.push(
        message(
          'assistant',
          ids.map((id) => `calling ${id}`),
          { toolCallIds: ids },
        ),
      );
      const results = ids.map((id, index) =>
        message('tool', [step.results[index]!], { toolResultIds: [id] }),
      );
      if (step.splitResults) messages.push(...results);
      else
        messages.push(
          message(
            'tool',
            results.flatMap((result) => result.texts),
            { toolResultIds: ids },
          ),
        );
      callPoints.push(messages.length);
    }
    if (spec.answer !== undefined) messages.push(message('assistant', [spec.answer]));
    if (spec.systemAfter) messages.push(message('system', ['a reminder']));
  });
  return { messages, callPoints };
}

const conversations = fc
  .record({
    turns: fc.array(turn, { minLength: 1, maxLength: 8 }),
    systems: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ turns, systems }) => conversation(turns, systems));
const blockTokens = fc.integer({ min: 10, max: 300 });

function render(messages: readonly Message[], outcome: Awaited<ReturnType<typeof runBlockMode>>) {
  return applyBlockMode(messages, outcome, {
    replaceParts: (original, replacements) => {
      const texts = original.texts.map((part, index) => replacements.get(index) ?? part);
      return { ...original, texts, text: texts.join('\n') };
    },
    appendRecall: (question, recall) => {
      const texts = [...question.texts, recall];
      return { ...question, texts, text: texts.join('\n'), withoutRecall: question } as Message;
    },
  });
}

/** Anthropic's and OpenAI's rule: the results of an assistant's calls follow it, before anything else. */
function checkToolOrder(prompt: readonly Message[]) {
  const answered = new Set<string>();
  prompt.forEach((entry, index) => {
    const calls = entry.toolCallIds ?? [];
    if (calls.length === 0) return;
    const pending = new Set(calls);
    for (let next = index + 1; next < prompt.length && prompt[next]!.role === 'tool'; next++) {
      for (const id of prompt[next]!.toolResultIds ?? []) pending.delete(id);
    }
    const complete = prompt
      .slice(index + 1)
      .some((later) => later.toolResultIds?.some((id) => calls.includes(id)));
    // A call still waiting for its result can only be the last message.
    if (complete) expect([...pending]).toEqual([]);
    else expect(index).toBe(prompt.length - 1);
    for (const id of calls) answered.add(id);
  });
  for (const entry of prompt)
    for (const id of entry.toolResultIds ?? []) expect(answered.has(id)).toBe(true);
}

describe('block mode, on random agent conversations', () => {
  it('cuts each call’s blocks as a prefix of the next call’s, never inside a tool call and its result', () => {
    fc.assert(
      fc.property(conversations, blockTokens, ({ messages, callPoints }, tokens) => {
        let previous = planBlocks([], { blockTokens: tokens }).blocks;
        for (const point of callPoints) {
          const history = messages.slice(0, point);
          const plan = planBlocks(history, { blockTokens: tokens });
          expect(plan.blocks.slice(0, previous.length)).toEqual(previous);
          for (const block of plan.blocks) {
            const inside = history.slice(block.start, block.end);
            const calls = new Set(inside.flatMap((entry) => entry.toolCallIds ?? []));
            const results = new Set(inside.flatMap((entry) => entry.toolResultIds ?? []));
            expect([...calls].sort()).toEqual([...results].sort());
          }
          // The current question stays in the tail, unless a long tool loop follows it.
          const lastUser = history.findLastIndex((entry) => entry.role === 'user');
          const loopResults = history
            .slice(lastUser + 1)
            .filter((entry) => entry.toolResultIds).length;
          if (loopResults <= 3) expect(plan.tailStart).toBeLessThanOrEqual(lastUser);
          previous = plan.blocks;
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  }, 60_000);

  it('sends the same compressed prefix on every later call, keeps every tool result in place and every original retrievable', async () => {
    let compressedSomething = false;
    await fc.assert(
      fc.asyncProperty(conversations, blockTokens, async ({ messages, callPoints }, tokens) => {
        const store = new MemoryCompressionStore();
        const guarded = guardStore(store);
        const { optimizer, calls } = lineOptimizer();
        const settings = {
          optimizer,
          store: guarded,
          partMinTokens: 5,
          ttlSeconds: 60,
          timeout: 5_000,
          blockTokens: tokens,
        };
        let previousPrefix: Message[] = [];
        let previousQuestion = -1;
        let sentParts = 0;
        // A question's recall is byte for byte the same at each step of its turn; once the
        // next question comes it stays only if the turn's tool loop closed blocks after it
        // (compare the previous question without it otherwise).
        const withoutRecallAt = (entries: Message[], at: number) =>
          entries.map((entry, index) =>
            index === at ? ((entry as { withoutRecall?: Message }).withoutRecall ?? entry) : entry,
          );
        for (const point of callPoints) {
          const history = messages.slice(0, point);
          const outcome = await runBlockMode(history, settings);
          const prompt = render(history, outcome);
          const prefix = prompt.slice(0, outcome.plan.tailStart);
          const dropped =
            outcome.recallAt !== previousQuestion &&
            !outcome.keptRecalls.some((kept) => kept.at === previousQuestion);
          const previous = dropped
            ? withoutRecallAt(previousPrefix, previousQuestion)
            : previousPrefix;
          const current = dropped ? withoutRecallAt(prefix, previousQuestion) : prefix;
          expect(current.slice(0, previous.length)).toEqual(previous);
          previousPrefix = prefix;
          previousQuestion = outcome.recallAt;
          // The same messages with the same roles: every call and every result kept, and
          // the recall rides with the question.
          expect(prompt.map((entry) => entry.role)).toEqual(history.map((entry) => entry.role));
          checkToolOrder(prompt);
          for (const part of outcome.parts) {
            const where = { scope: StoreScope.of({ optimizer }), conversation: '' };
            expect(await retrieveOriginal(guarded, where, part.handle)).toBe(part.original);
          }
          sentParts += outcome.stats.compressCalls;
        }
        // Each part is sent at most once over the whole conversation.
        const sentTexts = calls.map((call) => call.context as string);
        expect(new Set(sentTexts).size).toBe(sentTexts.length);
        expect(sentParts).toBe(calls.length);
        compressedSomething ||= calls.length > 0;
      }),
      { numRuns: propertyRuns(120) },
    );
    expect(compressedSomething).toBe(true);
  }, 60_000);
});

import { expect } from 'vitest';
import type { ChatCompletionsRequest, ScriptedReply } from './fake-openai-chat.ts';
import { cachedInputCost, rewrittenSteps } from './prompt-cache-cost.ts';

export const LOOP_QUESTION = 'Which warehouse had the most late shipments in March, and why?';
export const LOOP_SYSTEM = 'You are a logistics analyst. Use the tools, then answer briefly.';

/**
 * A long tool result: a page of a shipment report, about 1,500 tokens of varied
 * sentences, different on every page, the kind of output search and database tools return.
 */
export function reportPage(page: number): string {
  const lines: string[] = [];
  for (let line = 1; line <= 60; line++) {
    const warehouse = ['Rotterdam', 'Leipzig', 'Lyon', 'Gdansk', 'Porto'][(page + line) % 5];
    lines.push(
      `Page ${page}, entry ${line}: the ${warehouse} warehouse shipped order ${page * 1000 + line} ` +
        `${(line * 7 + page) % 11} days late because carrier ${['Norda', 'Velo', 'Krat'][line % 3]} ` +
        `missed the pickup window on lane ${(page * line) % 17}.`,
    );
  }
  return lines.join('\n');
}

/**
 * The model's script for one user turn with `steps` model calls: each call but the last
 * asks for the next report page, the last one answers.
 */
export function toolLoopScript(steps: number) {
  return (index: number, _request: ChatCompletionsRequest): ScriptedReply =>
    index < steps - 1
      ? {
          toolCalls: [
            { id: `call_${index + 1}`, name: 'readReport', arguments: { page: index + 1 } },
          ],
        }
      : { text: 'Rotterdam, because carrier Norda missed its pickups.' };
}

/** Every tool call in a Chat Completions request is answered by the next messages, and every answer has its call. */
export function pairsIntact(messages: ChatCompletionsRequest['messages']): boolean {
  const open = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (open.size > 0) return false;
      for (const call of message.tool_calls ?? []) open.add(call.id);
    } else if (message.role === 'tool') {
      if (!open.delete(message.tool_call_id ?? '')) return false;
    } else if (open.size > 0) {
      return false;
    }
  }
  return open.size === 0;
}

/**
 * The goal of a 12-step loop: it costs no more than the loop sent whole with prompt caching
 * (priced by `cachedInputCost`), because every step's prompt extends the previous one byte
 * for byte, so the provider reads all of it back from its cache; the newest tool result is
 * unchanged, every call paired with its result in every request. Returns the cost ratio.
 */
export function expectLoopGoal(
  optimized: ChatCompletionsRequest[],
  plain: ChatCompletionsRequest[],
): number {
  expect(optimized).toHaveLength(plain.length);
  const last = optimized.at(-1)!;
  const uncompressed = plain.at(-1)!;
  expect(rewrittenSteps(optimized)).toEqual([]);
  const ratio = cachedInputCost(optimized) / cachedInputCost(plain);
  expect(ratio).toBeLessThanOrEqual(1);
  expect(last.messages.at(-1)).toEqual(uncompressed.messages.at(-1));
  expect(last.messages.at(-1)!.content).toBe(reportPage(plain.length - 1));
  for (const request of optimized) expect(pairsIntact(request.messages)).toBe(true);
  return ratio;
}

/** An earlier turn's question: read the first pages of the report. */
export const EARLIER_QUESTION = 'Read pages 1 to 4 of the shipment report.';
export const EARLIER_ANSWER = 'I read pages 1 to 4.';
/** The current question names a line of page 1, which the earlier turn read and block mode compressed. */
export const RECALL_QUESTION = 'Back to order 1037 on page 1: how many days late was it?';

/**
 * The model's script for the current turn after that earlier one: it reads pages 5, 6, ...
 * one step after the other (`steps - 1` tool steps in all), then answers. Counted from the
 * request itself, so any number of earlier turns may come first.
 */
export function pagesAfterHistoryScript(steps: number) {
  return (_index: number, request: ChatCompletionsRequest): ScriptedReply => {
    const lastUser = request.messages.findLastIndex((message) => message.role === 'user');
    const results = request.messages
      .slice(lastUser + 1)
      .filter((message) => message.role === 'tool').length;
    return results < steps - 1
      ? {
          toolCalls: [
            { id: `call_${results + 5}`, name: 'readReport', arguments: { page: results + 5 } },
          ],
        }
      : { text: 'Order 1037 was 7 days late.' };
  };
}

/**
 * Each request keeps the turn's shape: from the last user message on, exactly the app's
 * roles (the question, then the model's calls and their results), no speaker added, and
 * the question is the same bytes at every step from `stableFrom` on. Returns the
 * questions as sent.
 */
export function expectTurnShape(requests: ChatCompletionsRequest[], stableFrom = 0): string[] {
  const questions = requests.map((request) => {
    const roles = request.messages.map((message) => message.role);
    const lastUser = roles.lastIndexOf('user');
    const turn = roles.slice(lastUser + 1);
    expect(turn).toEqual(turn.map((_, index) => (index % 2 === 0 ? 'assistant' : 'tool')));
    return JSON.stringify(request.messages[lastUser]);
  });
  expect(new Set(questions.slice(stableFrom)).size).toBe(1);
  return questions;
}

/** A short chat message (about 200 tokens, below block mode's long-text size) on a topic. */
export function chatText(topic: string, turn: number): string {
  return Array.from(
    { length: 8 },
    (_, index) =>
      `Point ${index + 1} of turn ${turn} on ${topic}: the team measured build ${turn * 10 + index} taking ${index + 11} minutes on runner ${index % 5}.`,
  ).join(' ');
}

/**
 * A conversation that chats first (six short turns, about 2,400 tokens in all), then has
 * an agent turn that read four report pages, then asks `RECALL_QUESTION`: its messages
 * in order, for a test to build in its framework's types.
 */
export function chatThenToolsConversation(): (
  | { role: 'user' | 'assistant'; text: string }
  | { role: 'tool-step'; page: number; toolCallId: string }
)[] {
  const conversation: ReturnType<typeof chatThenToolsConversation> = [];
  for (let turn = 1; turn <= 6; turn++) {
    conversation.push(
      { role: 'user', text: chatText('the release pipeline', turn) },
      { role: 'assistant', text: chatText('the flaky integration tests', turn) },
    );
  }
  conversation.push({ role: 'user', text: EARLIER_QUESTION });
  for (let page = 1; page <= 4; page++) {
    conversation.push({ role: 'tool-step', page, toolCallId: `call_${page}` });
  }
  conversation.push(
    { role: 'assistant', text: EARLIER_ANSWER },
    { role: 'user', text: RECALL_QUESTION },
  );
  return conversation;
}

/** The question of turn `turn` of a multi-turn agent: read one page of the report. */
export function pageQuestion(turn: number): string {
  return `Please read page ${turn} of the shipment report and tell me what stands out.`;
}

/**
 * The model's script for a multi-turn agent whose turns ask `pageQuestion(n)`: it reads
 * page n (one tool step), then answers. Counted from the request itself.
 */
export function pagePerTurnScript() {
  return (_index: number, request: ChatCompletionsRequest): ScriptedReply => {
    const lastUser = request.messages.findLastIndex((message) => message.role === 'user');
    const page = Number(/page (\d+)/.exec(JSON.stringify(request.messages[lastUser]))?.[1]);
    return request.messages.at(-1)?.role === 'tool'
      ? { text: `Page ${page} shows late shipments at every warehouse.` }
      : { toolCalls: [{ id: `call_${page}`, name: 'readReport', arguments: { page } }] };
  };
}

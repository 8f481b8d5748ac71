import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';

type Part = Exclude<LanguageModelV4Message['content'], string>[number];

function parts(message: LanguageModelV4Message): Part[] {
  return typeof message.content === 'string' ? [] : (message.content as Part[]);
}

const callIds = (message: LanguageModelV4Message) =>
  parts(message).flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []));
const resultIds = (message: LanguageModelV4Message) =>
  parts(message).flatMap((part) => (part.type === 'tool-result' ? [part.toolCallId] : []));

/**
 * OpenAI: every function call is answered before the conversation goes on (the `tool`
 * messages right after the assistant message that made it), and every answer has its call.
 */
export function openAIRulesBroken(prompt: LanguageModelV4Prompt): string | undefined {
  let open = new Set<string>();
  for (const [index, message] of prompt.entries()) {
    if (message.role === 'tool') {
      for (const id of resultIds(message)) {
        if (!open.delete(id)) return `message ${index}: result ${id} answers no open call`;
      }
      continue;
    }
    if (open.size > 0) return `message ${index}: calls ${[...open].join()} left unanswered`;
    if (message.role === 'assistant') open = new Set(callIds(message));
  }
  return undefined;
}

/**
 * Anthropic and Gemini, after the provider packages merge neighbouring messages of one
 * role (tool results travel in the user turn): system text only at the head, user and
 * assistant turns alternating from a user turn, and each turn's tool calls answered, all
 * and only them, by the next turn.
 */
export function turnRulesBroken(prompt: LanguageModelV4Prompt): string | undefined {
  const head = prompt.findIndex((message) => message.role !== 'system');
  const body = head === -1 ? [] : prompt.slice(head);
  if (body.some((message) => message.role === 'system')) return 'a system message after the head';
  const turns: { role: string; calls: string[]; results: string[] }[] = [];
  for (const message of body) {
    const role = message.role === 'tool' ? 'user' : message.role;
    const last = turns.at(-1);
    const turn = last?.role === role ? last : { role, calls: [], results: [] };
    if (turn !== last) turns.push(turn);
    turn.calls.push(...callIds(message));
    turn.results.push(...resultIds(message));
  }
  for (const [index, turn] of turns.entries()) {
    if (turn.role !== (index % 2 === 0 ? 'user' : 'assistant'))
      return `turn ${index} is ${turn.role}`;
    if (turn.role !== 'user') continue;
    const expected = [...(turns[index - 1]?.calls ?? [])].sort().join();
    const answered = [...turn.results].sort().join();
    if (expected !== answered) return `turn ${index} answers [${answered}] for calls [${expected}]`;
  }
  return undefined;
}

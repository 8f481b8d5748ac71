/**
 * A message as the providers' rules see it: its role (a tool result travels in a `tool`
 * message), the ids of the tool calls it makes and of the calls it answers.
 */
export interface RuleMessage {
  role: string;
  callIds: readonly string[];
  resultIds: readonly string[];
}

/**
 * OpenAI: every function call is answered before the conversation goes on (the `tool`
 * messages right after the assistant message that made it), and every answer has its call.
 */
export function openAIRulesBroken(messages: readonly RuleMessage[]): string | undefined {
  let open = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool') {
      for (const id of message.resultIds) {
        if (!open.delete(id)) return `message ${index}: result ${id} answers no open call`;
      }
      continue;
    }
    if (open.size > 0) return `message ${index}: calls ${[...open].join()} left unanswered`;
    if (message.role === 'assistant') open = new Set(message.callIds);
  }
  return undefined;
}

/**
 * Anthropic and Gemini, after the provider packages merge neighbouring messages of one
 * role (tool results travel in the user turn): system text only at the head, user and
 * assistant turns alternating from a user turn, and each turn's tool calls answered, all
 * and only them, by the next turn.
 */
export function turnRulesBroken(messages: readonly RuleMessage[]): string | undefined {
  const head = messages.findIndex((message) => message.role !== 'system');
  const body = head === -1 ? [] : messages.slice(head);
  if (body.some((message) => message.role === 'system')) return 'a system message after the head';
  const turns: { role: string; calls: string[]; results: string[] }[] = [];
  for (const message of body) {
    const role = message.role === 'tool' ? 'user' : message.role;
    const last = turns.at(-1);
    const turn = last?.role === role ? last : { role, calls: [], results: [] };
    if (turn !== last) turns.push(turn);
    turn.calls.push(...message.callIds);
    turn.results.push(...message.resultIds);
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

/**
 * The roles from the last user message on: the current turn as the app shaped it. A
 * compression that added a speaker inside the turn (or moved the last user message)
 * changes them.
 */
export function currentTurnRoles(messages: readonly RuleMessage[]): string[] {
  const roles = messages.map((message) => message.role);
  return roles.slice(Math.max(0, roles.lastIndexOf('user')));
}

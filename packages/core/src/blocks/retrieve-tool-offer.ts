import { setNewest } from '../newest-entries.ts';
import type { PlannerMessage } from '../planner/conversation.ts';
import { RETRIEVE_TOOL_NAME } from './compressed-part.ts';
import { conversationKey, REMEMBERED_CONVERSATIONS } from './conversation-id.ts';

/**
 * A handle line as `compressedPartText` prints it: in plain text, or inside a JSON part
 * (`withJsonNote`), where its quotes are escaped.
 */
const handleLine = /ctxopt_retrieve \{\\*"handle\\*":\\*"cx[0-9a-f]{32}\\*"\}/;

/** Whether a prompt holds a compressed part's handle: something the retrieve tool can open. */
export function holdsHandle(messages: readonly PlannerMessage[]): boolean {
  return messages.some(
    (message) =>
      handleLine.test(message.text) ||
      (message.toolResults ?? []).some((result) => handleLine.test(result.text ?? '')),
  );
}

/** Whether a prompt holds a call of the retrieve tool or its result. */
export function usesRetrieveTool(messages: readonly PlannerMessage[]): boolean {
  return messages.some(
    (message) =>
      (message.toolCalls ?? []).some((call) => call.name === RETRIEVE_TOOL_NAME) ||
      (message.toolResults ?? []).some((result) => result.toolName === RETRIEVE_TOOL_NAME),
  );
}

/**
 * When `ctxopt_retrieve` is offered to the model, the same rule in both integrations.
 *
 * The tool's definition is part of every request that offers it, ahead of the messages in
 * the provider's cached prefix, and it is of no use until a compressed part's handle is in
 * the prompt: offered from the first call, it is paid on every call of a conversation that
 * never compresses anything (a short tool loop). So it is offered from the first call whose
 * prompt holds a handle, and from then on for the rest of the conversation: adding a tool
 * rewrites the cached prefix once, and taking it away again would rewrite it once more
 * (a compression that falls open on one call, a handle that leaves the prompt). A prompt
 * that calls the tool or holds its result keeps it too, so every call the model made has
 * its tool (providers refuse a `tool_use` whose tool is not defined, and a model that sees
 * its own call expects the tool to be there).
 */
export class RetrieveToolOffers {
  readonly #offered = new Map<string, true>();

  /**
   * Whether to offer the tool on a call: `conversation` is the app's prompt (its first
   * messages name the conversation), `sent` the prompt the model receives.
   */
  offered(conversation: readonly PlannerMessage[], sent: readonly PlannerMessage[]): boolean {
    if (conversation.length === 0) return holdsHandle(sent) || usesRetrieveTool(sent);
    const key = conversationKey(conversation);
    if (this.#offered.has(key)) return true;
    if (!(holdsHandle(sent) || usesRetrieveTool(sent) || usesRetrieveTool(conversation)))
      return false;
    setNewest(this.#offered, key, true, REMEMBERED_CONVERSATIONS);
    return true;
  }
}

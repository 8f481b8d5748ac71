/**
 * The instructions and user turn every adapter sends. The compressed context goes into
 * the system part so that the user turn is only the caller's question, as the model
 * would have seen it without the optimizer.
 */
export interface Prompt {
  system: string;
  user: string;
}

const INSTRUCTIONS =
  'Answer using only the context below. If the context does not hold the answer, say so.';

/** Used when the caller sent no query: the context is then a conversation to continue. */
export const CONTINUE_INSTRUCTION = 'Reply to the last message of the conversation in the context.';

export function buildPrompt(context: string, query: string | undefined): Prompt {
  return {
    system: `${INSTRUCTIONS}\n\nContext:\n${context}`,
    user: query?.trim() ? query : CONTINUE_INSTRUCTION,
  };
}

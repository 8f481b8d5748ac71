import type { ShadowAnswer, ShadowJudge } from '@ctxopt/core';
import { judgeRubric, readJudgeReply } from '@ctxopt/core';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';

/** A model's reply as the judge compares it: its text and its tool calls. */
export function answerOfMessage(message: unknown): ShadowAnswer {
  if (!AIMessage.isInstance(message)) return { text: '', toolCalls: [] };
  return {
    text: message.text,
    toolCalls: (message.tool_calls ?? []).map((call) => ({
      name: call.name,
      arguments: call.args,
    })),
  };
}

/** The text of the last human message: the question the judge is told about. */
export function questionOfMessages(messages: readonly BaseMessage[]): string {
  const last = messages.findLast((message) => HumanMessage.isInstance(message));
  return last?.text ?? '';
}

/** Whether `shadow.judge` is a LangChain chat model rather than a judge function. */
export function isChatModel(value: unknown): value is BaseChatModel {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { invoke?: unknown }).invoke === 'function'
  );
}

/** LLM-as-judge with a LangChain chat model: the fixed short rubric, one short reply. */
export function judgeWithChatModel(model: BaseChatModel): ShadowJudge {
  return async (input) => {
    const reply = await model.invoke([new HumanMessage(judgeRubric(input))]);
    return readJudgeReply(reply.text);
  };
}

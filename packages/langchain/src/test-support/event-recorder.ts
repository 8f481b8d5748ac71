import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { BaseMessage } from '@langchain/core/messages';
import type { LLMResult } from '@langchain/core/outputs';

export interface RecordedEvent {
  name: string;
  data: Record<string, unknown>;
  runId: string;
}

/** A callback handler that keeps what LangChain told it, for assertions. */
export class EventRecorder extends BaseCallbackHandler {
  name = 'event-recorder';
  readonly customEvents: RecordedEvent[] = [];
  readonly chatModelStarts: BaseMessage[][] = [];
  readonly llmEnds: LLMResult[] = [];

  override handleCustomEvent(eventName: string, data: unknown, runId: string) {
    this.customEvents.push({ name: eventName, data: data as Record<string, unknown>, runId });
  }

  override handleChatModelStart(_llm: unknown, messages: BaseMessage[][]) {
    this.chatModelStarts.push(...messages);
  }

  override handleLLMEnd(output: LLMResult) {
    this.llmEnds.push(output);
  }

  events(name: string) {
    return this.customEvents.filter((event) => event.name === name).map((event) => event.data);
  }
}

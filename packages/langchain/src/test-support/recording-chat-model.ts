import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BindToolsInput,
} from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';

/**
 * A scripted tool-calling chat model: each call answers with the next scripted
 * `AIMessage` and records the exact messages it was given and the tools bound to it.
 */
export class RecordingChatModel extends BaseChatModel {
  readonly calls: BaseMessage[][];
  readonly boundTools: string[][];
  readonly #script: AIMessage[];
  readonly #state: { next: number };

  constructor(
    script: AIMessage[],
    shared?: { calls: BaseMessage[][]; boundTools: string[][]; state: { next: number } },
  ) {
    super({});
    this.#script = script;
    this.calls = shared?.calls ?? [];
    this.boundTools = shared?.boundTools ?? [];
    this.#state = shared?.state ?? { next: 0 };
  }

  override _llmType() {
    return 'recording';
  }

  override bindTools(tools: BindToolsInput[], _kwargs?: Partial<BaseChatModelCallOptions>) {
    this.boundTools.push(tools.map((tool) => (tool as { name: string }).name));
    // Same script and records: the bound model is the same model with tools attached.
    return new RecordingChatModel(this.#script, {
      calls: this.calls,
      boundTools: this.boundTools,
      state: this.#state,
    });
  }

  override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls.push(messages);
    const scripted = this.#script[this.#state.next++];
    if (!scripted) throw new Error('RecordingChatModel: the script has no answer left.');
    const message = new AIMessage({
      content: scripted.content,
      tool_calls: scripted.tool_calls ?? [],
    });
    return { generations: [{ text: message.text, message }] };
  }
}

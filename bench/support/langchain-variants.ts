// bench/ is not a workspace package: the adapter's source by path, and `@langchain/core`
// through the package that depends on it (see bench/README.md, "Importing the frameworks").

import type { ContextOptimizer } from '../../packages/core/src/index.ts';
import type { CallbackManagerForLLMRun } from '../../packages/langchain/node_modules/@langchain/core/dist/callbacks/manager.js';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
} from '../../packages/langchain/node_modules/@langchain/core/dist/messages/index.js';
import type { ChatResult } from '../../packages/langchain/node_modules/@langchain/core/dist/outputs.js';
import {
  ChatPromptTemplate,
  MessagesPlaceholder,
} from '../../packages/langchain/node_modules/@langchain/core/dist/prompts/index.js';
import { FakeListChatModel } from '../../packages/langchain/node_modules/@langchain/core/dist/utils/testing/index.js';
import { COMPRESSED_HISTORY_HEADER } from '../../packages/langchain/src/compressed-message.ts';
import { ContextOptimizerRunnable } from '../../packages/langchain/src/index.ts';
import { type ChatConversation, compressParamsOf, MODEL_ANSWER } from './chat-conversation.ts';
import type { FrameworkVariant, ReceivedMessage } from './framework-variant.ts';

/** `FakeListChatModel` that also keeps the messages of its latest call. */
export class RecordingFakeChatModel extends FakeListChatModel {
  lastMessages: BaseMessage[] = [];

  constructor() {
    super({ responses: [MODEL_ANSWER] });
  }

  override _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    this.lastMessages = messages;
    return super._generate(messages, options, runManager);
  }
}

/**
 * Two ways to answer the same conversation through an LCEL chain, both compressing it
 * with `optimizer` once per call:
 *   - manual: `optimizer.compress` called by hand, then `prompt.pipe(model)` with the
 *     compressed text as the one history message (the baseline)
 *   - runnable: `prompt.pipe(new ContextOptimizerRunnable({ optimizer, cacheSize: 0 }))
 *     .pipe(model)` with the whole history; `cacheSize: 0` turns the runnable's cache of
 *     recent compressions off, so every call plans and compresses
 * and a third that does no compression at all, to tell LangChain's own handling of a long
 * history from the runnable's work:
 *   - uncompressed: `prompt.pipe(model)` with the whole history
 */
export function langChainVariants(
  conversation: ChatConversation,
  optimizer: ContextOptimizer,
): Record<'manual' | 'runnable' | 'uncompressed', FrameworkVariant> {
  const prompt = ChatPromptTemplate.fromMessages([
    ['system', conversation.system],
    new MessagesPlaceholder('history'),
    ['human', '{question}'],
  ]);
  // An application keeps its history as messages: built once, as it would be.
  const history = conversation.history.map((message) =>
    message.role === 'user' ? new HumanMessage(message.content) : new AIMessage(message.content),
  );
  const { question } = conversation;

  const manualModel = new RecordingFakeChatModel();
  const manualChain = prompt.pipe(manualModel);
  const runnableModel = new RecordingFakeChatModel();
  const runnableChain = prompt
    .pipe(new ContextOptimizerRunnable({ optimizer, level: 'standard', cacheSize: 0 }))
    .pipe(runnableModel);
  const uncompressedModel = new RecordingFakeChatModel();
  const uncompressedChain = prompt.pipe(uncompressedModel);
  return {
    manual: {
      compresses: true,
      received: () => receivedMessages(manualModel),
      task: async () => {
        const response = await optimizer.compress(compressParamsOf(conversation));
        const compressed = `${COMPRESSED_HISTORY_HEADER}\n\n${response.data.compressed}`;
        return (await manualChain.invoke({ history: [new HumanMessage(compressed)], question }))
          .text;
      },
    },
    runnable: {
      compresses: true,
      received: () => receivedMessages(runnableModel),
      task: async () => (await runnableChain.invoke({ history, question })).text,
    },
    uncompressed: {
      compresses: false,
      received: () => receivedMessages(uncompressedModel),
      task: async () => (await uncompressedChain.invoke({ history, question })).text,
    },
  };
}

/** The messages a model received last, as role and text. */
function receivedMessages(model: RecordingFakeChatModel): ReceivedMessage[] {
  return model.lastMessages.map((message) => ({ role: message.getType(), text: message.text }));
}

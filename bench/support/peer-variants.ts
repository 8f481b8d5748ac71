import { pruneMessages } from '../../packages/ai-sdk/node_modules/ai/dist/index.js';
import { createRetrieveTool } from '../../packages/ai-sdk/src/index.ts';
import { MemoryCompressionStore } from '../../packages/core/src/index.ts';
import {
  ClearToolUsesEdit,
  contextEditingMiddleware,
  summarizationMiddleware,
} from '../../packages/langchain/node_modules/langchain/dist/index.js';
import { type ConversationRecord, runAiSdkConversation } from './cost-conversation-ai-sdk.ts';
import { runLangChainConversation } from './cost-conversation-langchain.ts';
import type { AgentConversation, LateQuestion } from './lookup-agent.ts';
import { StandInSummarizer } from './stand-in-summarizer.ts';

/**
 * What users choose between to keep an agent's context in check, each through its real
 * entry point, on the same conversations: the AI SDK's `pruneMessages` in `prepareStep`,
 * Anthropic's server-side `clear_tool_uses` (requested through `@ai-sdk/anthropic`'s
 * `contextManagement`, applied by the fake as the documentation states), LangChain's
 * `contextEditingMiddleware` and `summarizationMiddleware`, and ctxopt's middleware with
 * its defaults. Every app also asks for caching, as the baseline does (ctxopt's block mode
 * places its own breakpoints instead).
 */
export type PeerFramework = 'ai-sdk' | 'langchain';

export interface PeerVariant {
  framework: PeerFramework;
  name: string;
  /** The baseline the others are measured against, same framework. */
  baseline?: true;
  run(
    conversation: AgentConversation,
    questions: readonly LateQuestion[],
  ): Promise<ConversationRecord>;
}

// A trigger that fires inside the 30-turn conversation, since the defaults (100,000 tokens)
// never do there: its 30 tool results come to 40,000-45,000 tokens (o200k; 32,000-38,000 by
// LangChain's approximate count), so 30,000 is reached in its last third.
const TUNED_TRIGGER_TOKENS = 30_000;
// Anthropic's documentation advises clearing enough at once to be worth the cache write.
const TUNED_CLEAR_AT_LEAST_TOKENS = 10_000;

const caching = { appCaching: true } as const;

export const peerVariants: PeerVariant[] = [
  {
    framework: 'ai-sdk',
    name: 'no compression, caching',
    baseline: true,
    run: (conversation, questions) => runAiSdkConversation(caching, conversation, questions),
  },
  {
    framework: 'ai-sdk',
    name: 'pruneMessages (documented example)',
    run: (conversation, questions) =>
      runAiSdkConversation(
        {
          ...caching,
          prepareStep: (messages) =>
            pruneMessages({
              messages,
              reasoning: 'before-last-message',
              toolCalls: 'before-last-2-messages',
              emptyMessages: 'remove',
            }),
        },
        conversation,
        questions,
      ),
  },
  {
    framework: 'ai-sdk',
    name: 'Anthropic clear_tool_uses (defaults)',
    run: (conversation, questions) =>
      runAiSdkConversation(
        {
          ...caching,
          anthropicOptions: {
            contextManagement: { edits: [{ type: 'clear_tool_uses_20250919' }] },
          },
        },
        conversation,
        questions,
      ),
  },
  {
    framework: 'ai-sdk',
    name: 'Anthropic clear_tool_uses (30k trigger, keep 3, clear at least 10k)',
    run: (conversation, questions) =>
      runAiSdkConversation(
        {
          ...caching,
          anthropicOptions: {
            contextManagement: {
              edits: [
                {
                  type: 'clear_tool_uses_20250919',
                  trigger: { type: 'input_tokens', value: TUNED_TRIGGER_TOKENS },
                  keep: { type: 'tool_uses', value: 3 },
                  clearAtLeast: { type: 'input_tokens', value: TUNED_CLEAR_AT_LEAST_TOKENS },
                },
              ],
            },
          },
        },
        conversation,
        questions,
      ),
  },
  {
    framework: 'ai-sdk',
    name: 'ctxopt (defaults)',
    run: (conversation, questions) => {
      const store = new MemoryCompressionStore();
      return runAiSdkConversation(
        {
          middleware: { store },
          retrieveTool: () => ({ ctxopt_retrieve: createRetrieveTool({ store }) }),
        },
        conversation,
        questions,
      );
    },
  },
  {
    framework: 'langchain',
    name: 'no compression, caching',
    baseline: true,
    run: (conversation, questions) => runLangChainConversation(caching, conversation, questions),
  },
  {
    framework: 'langchain',
    name: 'contextEditingMiddleware (defaults)',
    run: (conversation, questions) =>
      runLangChainConversation(
        { ...caching, peerMiddleware: () => [contextEditingMiddleware()] },
        conversation,
        questions,
      ),
  },
  {
    framework: 'langchain',
    name: 'contextEditingMiddleware (30k trigger)',
    run: (conversation, questions) =>
      runLangChainConversation(
        {
          ...caching,
          peerMiddleware: () => [
            contextEditingMiddleware({
              edits: [
                new ClearToolUsesEdit({
                  trigger: { tokens: TUNED_TRIGGER_TOKENS },
                  keep: { messages: 3 },
                }),
              ],
            }),
          ],
        },
        conversation,
        questions,
      ),
  },
  // The trigger and keep of the middleware's documented example; it has no default trigger.
  summarizationVariant('documented example', { tokens: 4000, messages: 10 }, { messages: 20 }),
  summarizationVariant('30k trigger', { tokens: TUNED_TRIGGER_TOKENS }),
  {
    framework: 'langchain',
    name: 'ctxopt (defaults)',
    run: (conversation, questions) =>
      runLangChainConversation(
        { middleware: { store: new MemoryCompressionStore() }, retrieve: true },
        conversation,
        questions,
      ),
  },
];

/**
 * LangChain's `summarizationMiddleware` with `trigger` (and `keep`, when given), its
 * summaries written by a fresh stand-in summarizer whose calls count as side calls.
 */
function summarizationVariant(
  setting: string,
  trigger: { tokens: number; messages?: number },
  keep?: { messages: number },
): PeerVariant {
  return {
    framework: 'langchain',
    name: `summarizationMiddleware (${setting}, stand-in summarizer)`,
    run: (conversation, questions) => {
      const summarizer = new StandInSummarizer();
      return runLangChainConversation(
        {
          ...caching,
          peerMiddleware: () => [
            summarizationMiddleware({
              model: summarizer as never,
              trigger,
              ...(keep ? { keep } : {}),
            }),
          ],
          sideCalls: () => summarizer.calls,
        },
        conversation,
        questions,
      );
    },
  };
}

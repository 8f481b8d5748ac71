import type { ContextOptimizer } from '@ctxopt/core';
import {
  ChatContextOptimizer,
  type CompressionSummary,
  ContextOptimizerCompressor,
} from '@ctxopt/langchain';
import { ContextualCompressionRetriever } from '@langchain/classic/retrievers/contextual_compression';
import type { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import type { AnswerModel } from './answer-model.ts';

/** What one question cost and gave. Token figures are the service's own counts. */
export interface QuestionFigures {
  question: string;
  /** Chunks the vector store returned. */
  chunks: number;
  /** Ids of the corpus documents those chunks came from, in retrieval order. */
  sources: string[];
  /** Tokens of the retrieved chunks, as sent to `/v1/compress`. */
  retrievedTokens: number;
  /** Tokens of the compressed context the model received. */
  compressedTokens: number;
  /** 1 - compressed / retrieved. */
  reduction: number;
  compressRequestId: string;
  generateRequestId: string;
  answer: string;
  /** Tokens of the provider call `/v1/generate` made. */
  providerInputTokens: number;
  providerOutputTokens: number;
}

export interface QuestionPipeline {
  ask(question: string): Promise<QuestionFigures>;
}

export interface PipelineOptions {
  optimizer: ContextOptimizer;
  vectorStore: MemoryVectorStore;
  answerModel: AnswerModel;
  /** Chunks retrieved per question. @default 16 */
  k?: number;
}

const instructions =
  'You answer questions about the Kestrel Bay Bike Share operations handbook. ' +
  'Use only the handbook excerpts given, and quote figures exactly.';

/**
 * Retrieval with compression, then the answer: the vector store's chunks go through
 * `ContextOptimizerCompressor` in one combined `/v1/compress` call (so the selection sees
 * every chunk at once and drops what repeats between them), and `ChatContextOptimizer`
 * answers from the result through `/v1/generate`.
 */
export function createPipeline(options: PipelineOptions): QuestionPipeline {
  const retriever = new ContextualCompressionRetriever({
    baseCompressor: new ContextOptimizerCompressor({
      optimizer: options.optimizer,
      combine: true,
      // A demo shows a failure instead of quietly answering from the uncompressed chunks;
      // production code usually keeps the default, 'passthrough'.
      onError: 'throw',
    }),
    baseRetriever: options.vectorStore.asRetriever({ k: options.k ?? 16 }),
  });
  const chatModel = new ChatContextOptimizer({
    optimizer: options.optimizer,
    provider: options.answerModel.provider,
    model: options.answerModel.model,
    maxOutputTokens: 300,
  });

  return {
    async ask(question) {
      const [context] = await retriever.invoke(question);
      const summary = context?.metadata.ctxopt as CompressionSummary | undefined;
      if (!context || !summary)
        throw new Error(`No compressed context came back for "${question}".`);
      const reply = await chatModel.invoke([
        new SystemMessage(instructions),
        new HumanMessage(`Handbook excerpts:\n\n${context.pageContent}`),
        new HumanMessage(question),
      ]);
      const usage = reply.usage_metadata;
      const sources = context.metadata.sources as { metadata: { source: string } }[];
      return {
        question,
        chunks: sources.length,
        sources: [...new Set(sources.map((source) => source.metadata.source))],
        retrievedTokens: summary.inputTokens,
        compressedTokens: summary.compressedTokens,
        reduction: 1 - summary.compressedTokens / summary.inputTokens,
        compressRequestId: summary.requestId,
        generateRequestId: reply.response_metadata.requestId as string,
        answer: String(reply.content),
        providerInputTokens: usage?.input_tokens ?? 0,
        providerOutputTokens: usage?.output_tokens ?? 0,
      };
    },
  };
}

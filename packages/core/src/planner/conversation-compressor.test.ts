import {
  applyCompression,
  type CompressionReport,
  ContextOptimizerClient,
  ConversationCompressor,
  type PlannerMessage,
  resolveConversationPolicy,
} from '@ctxopt/core';
import { describe, expect, it } from 'vitest';
import { compressSuccess } from '../test-support/fake-service.ts';
import { startLoopbackService } from '../test-support/loopback-service.ts';
import { recordSpans } from '../test-support/span-recorder.ts';

const long = (label: string) => `${label} `.repeat(400);
const API_KEY = 'sk-test-0123456789abcdef';

function toolLoop(steps: number): PlannerMessage[] {
  const messages: PlannerMessage[] = [{ role: 'user', text: 'Find it', contentParts: 1 }];
  for (let step = 1; step <= steps; step++) {
    const id = `call_${step}`;
    messages.push(
      {
        role: 'assistant',
        text: '',
        toolCallIds: [id],
        toolCalls: [{ id, name: 'search', arguments: '{}' }],
        contentParts: 1,
      },
      {
        role: 'tool',
        text: long(`result${step}`),
        toolResultIds: [id],
        toolResults: [{ toolCallId: id, toolName: 'search', text: long(`result${step}`) }],
        contentParts: 1,
      },
    );
  }
  return messages;
}

const exporter = recordSpans();

describe('ConversationCompressor', () => {
  it('sends an unchanged span once and reuses it at the next step', async () => {
    const service = await startLoopbackService([{ status: 200, body: compressSuccess() }]);
    try {
      const reports: CompressionReport[] = [];
      const compressor = new ConversationCompressor(
        new ContextOptimizerClient({ apiKey: API_KEY, baseURL: service.url }),
        resolveConversationPolicy({ blocks: false, onCompress: (report) => reports.push(report) }),
      );
      const first = await compressor.run(toolLoop(4));
      const second = await compressor.run(toolLoop(4));
      expect(service.requests.length).toBe(1);
      expect(first.texts).toEqual(['short context']);
      expect(second.report.spans[0]).toMatchObject({
        cached: true,
        compressedText: 'short context',
      });
      expect(reports.map((report) => report.calls)).toEqual([1, 0]);
      expect(reports[0]).toMatchObject({
        status: 'compressed',
        requestId: 'req_compress_1',
        requestIds: ['req_compress_1'],
        savedTokens: 900,
        spans: [
          {
            kind: 'tool-result',
            messageIndexes: [2],
            toolCallId: 'call_1',
            toolName: 'search',
            charactersBefore: long('result1').length,
            charactersAfter: 'short context'.length,
          },
        ],
      });
    } finally {
      await service.close();
    }
  });

  it('gives up on a hung service at the deadline, retries included, and keeps the prompt', async () => {
    const service = await startLoopbackService(
      Array.from({ length: 6 }, () => ({ status: 200, body: compressSuccess(), delayMs: 60_000 })),
    );
    try {
      const compressor = new ConversationCompressor(
        new ContextOptimizerClient({ apiKey: API_KEY, baseURL: service.url }),
        resolveConversationPolicy({ blocks: false, timeout: 300 }),
      );
      const started = performance.now();
      const messages = toolLoop(5);
      const run = await compressor.run(messages);
      const elapsed = performance.now() - started;
      // The client alone would wait 60 s per attempt, three attempts.
      expect(elapsed).toBeLessThan(20 * 300);
      expect(run.texts).toEqual([undefined, undefined]);
      expect(run.report).toMatchObject({
        status: 'failed',
        error: { name: 'APIConnectionTimeoutError' },
      });
      const edits = {
        historyMessage: (text: string) => ({ role: 'user', text }),
        replaceToolResult: (message: PlannerMessage) => message,
        replaceText: (message: PlannerMessage) => message,
        dropReasoning: (message: PlannerMessage) => message,
        appendRecall: (message: PlannerMessage) => message,
      };
      expect(applyCompression(messages, run.plan, run.texts, edits)).toEqual(messages);
    } finally {
      await service.close();
    }
  });

  it('traces each compression with GenAI and ctxopt attributes', async () => {
    const service = await startLoopbackService([{ status: 200, body: compressSuccess() }]);
    try {
      const compressor = new ConversationCompressor(
        new ContextOptimizerClient({ apiKey: API_KEY, baseURL: service.url }),
        resolveConversationPolicy({ blocks: false, mode: 'balanced' }),
      );
      await compressor.run(toolLoop(4));
      await compressor.run(toolLoop(4));
      const spans = exporter.getFinishedSpans();
      expect(spans.map((span) => span.name)).toEqual(['compress ctxopt', 'compress ctxopt']);
      expect(spans[0]!.attributes).toMatchObject({
        'gen_ai.operation.name': 'compress',
        'gen_ai.response.id': 'req_compress_1',
        'gen_ai.usage.input_tokens': 1200,
        'gen_ai.usage.output_tokens': 300,
        'gen_ai.tool.name': 'search',
        'gen_ai.tool.call.id': 'call_1',
        'ctxopt.saved_tokens': 900,
        'ctxopt.status': 'compressed',
        'ctxopt.cache_hit': false,
        'ctxopt.mode': 'balanced',
      });
      expect(spans[1]!.attributes['ctxopt.cache_hit']).toBe(true);
    } finally {
      await service.close();
    }
  });

  it('calibrates its counts from the usage the provider reports', () => {
    const compressor = new ConversationCompressor(
      new ContextOptimizerClient({ apiKey: API_KEY, baseURL: 'http://127.0.0.1:9' }),
      resolveConversationPolicy({ trigger: { tokens: 1000 } }),
    );
    // Japanese text: about one token a character, where the estimate assumes four.
    const text = '東京の天気は晴れです。'.repeat(120);
    const messages: PlannerMessage[] = [{ role: 'user', text, contentParts: 1 }];
    expect(compressor.plan(messages).skipReason).toBe('below-trigger');
    for (let call = 0; call < 10; call++) compressor.observeUsage(messages, text.length);
    expect(compressor.tokens.factor).toBeGreaterThan(3.5);
    expect(compressor.plan(messages).skipReason).not.toBe('below-trigger');
  });
});

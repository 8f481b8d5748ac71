import { createAnthropic } from '@ai-sdk/anthropic';
import { InvalidArgumentError } from '@ai-sdk/provider';
import { type ContextOptimizerUsage, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import type { CompressionReport } from '@ctxopt/core';
import { stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import {
  anthropicRulesHold,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import {
  LOOP_QUESTION,
  LOOP_SYSTEM,
  reportPage,
  toolLoopScript,
} from '../../../test/support/tool-loop.ts';
import { calendar, readReport } from './test-support/report-tools.ts';
import './test-support/quiet-warnings.ts';

const emulator = useEmulator();

type ToolResultBlock = { type: string; tool_use_id?: string; content?: unknown };

/** The text of the tool result for `id` in a recorded Anthropic request. */
function resultText(request: { messages: { content: unknown }[] }, id: string): string {
  for (const message of request.messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as ToolResultBlock[]) {
      if (block.type === 'tool_result' && block.tool_use_id === id)
        return JSON.stringify(block.content);
    }
  }
  throw new Error(`no tool_result for ${id}`);
}

describe('contextOptimizerMiddleware in a tool loop (streamText, @ai-sdk/anthropic)', () => {
  it('compresses older results in place and every request keeps Anthropic’s rules', async () => {
    const api = await startFakeAnthropic((_request, index) =>
      toolLoopScript(6)(index, { model: '', messages: [] }),
    );
    const reports: CompressionReport[] = [];
    const usages: ContextOptimizerUsage[] = [];
    try {
      const anthropic = createAnthropic({ apiKey: 'sk-ant-test', baseURL: api.baseURL });
      const result = streamText({
        model: wrapLanguageModel({
          model: anthropic('claude-sonnet-4-5'),
          // The rewrite policy, whose one-new-span-per-step reports this test reads;
          // block-mode.test.ts covers the default through the same provider.
          middleware: contextOptimizerMiddleware({
            ...emulator.client(),
            blocks: false,
            onCompress: (report) => reports.push(report),
            onUsage: (usage) => usages.push(usage),
          }),
        }),
        system: LOOP_SYSTEM,
        prompt: LOOP_QUESTION,
        tools: { readReport },
        stopWhen: stepCountIs(6),
      });
      await result.consumeStream();
      expect(await result.text).toContain('Rotterdam');
      expect(api.requests).toHaveLength(6);
      for (const request of api.requests) expect(anthropicRulesHold(request.messages)).toBe(true);
      const last = api.requests.at(-1)!;
      expect(resultText(last, 'call_1')).toContain('Tool result (compressed):');
      expect(resultText(last, 'call_2')).toContain('Tool result (compressed):');
      for (const id of ['call_3', 'call_4', 'call_5']) {
        expect(resultText(last, id)).toBe(JSON.stringify(reportPage(Number(id.at(-1)))));
      }
      // onCompress saw what was compressed: which message, sizes, text, request id.
      const lastReport = reports.at(-1)!;
      expect(lastReport.spans.map((span) => [span.toolCallId, span.cached])).toEqual([
        ['call_1', true],
        ['call_2', false],
      ]);
      const fresh = lastReport.spans[1]!;
      expect(fresh.charactersBefore).toBe(reportPage(2).length);
      expect(fresh.charactersAfter).toBeLessThan(fresh.charactersBefore / 2);
      expect(resultText(last, 'call_2')).toContain(
        JSON.stringify(fresh.compressedText).slice(1, 40),
      );
      expect(fresh.requestId).toMatch(/^req_/);
      expect(lastReport.requestIds).toEqual([fresh.requestId]);
      // The same figures reach providerMetadata.ctxopt on the stream's finish.
      const steps = await result.steps;
      expect(steps.at(-1)!.providerMetadata?.ctxopt).toMatchObject({
        status: 'compressed',
        requestId: fresh.requestId,
        savedTokens: lastReport.savedTokens,
        spans: [
          { toolCallId: 'call_1' },
          { toolCallId: 'call_2', compressedText: fresh.compressedText },
        ],
      });
      expect(usages).toHaveLength(6);
    } finally {
      await api.close();
    }
  }, 60_000);

  it('takes every policy option per call through providerOptions.ctxopt, checked like the constructor’s', async () => {
    const api = await startFakeAnthropic((_request, index) =>
      index < 5
        ? {
            toolCalls: [
              {
                id: `call_${index + 1}`,
                name: index % 2 ? 'calendar' : 'readReport',
                arguments: { page: index + 1 },
              },
            ],
          }
        : { text: 'done' },
    );
    try {
      const anthropic = createAnthropic({ apiKey: 'sk-ant-test', baseURL: api.baseURL });
      const model = wrapLanguageModel({
        model: anthropic('claude-sonnet-4-5'),
        middleware: contextOptimizerMiddleware({ ...emulator.client() }),
      });
      const result = streamText({
        model,
        prompt: LOOP_QUESTION,
        tools: { readReport, calendar },
        stopWhen: stepCountIs(6),
        providerOptions: { ctxopt: { toolResults: { keepLast: 0, exclude: ['calendar'] } } },
      });
      await result.consumeStream();
      const last = api.requests.at(-1)!;
      // keepLast 0: each readReport result (1, 3, 5) is compressed as it arrives; calendar (2, 4) is excluded.
      for (const id of ['call_1', 'call_3', 'call_5'])
        expect(resultText(last, id)).toContain('[compressed: ctxopt_retrieve');
      for (const id of ['call_2', 'call_4'])
        expect(resultText(last, id)).not.toContain('compressed');
      // The provider never sees the ctxopt options.
      expect(JSON.stringify(last)).not.toContain('keepLast');

      const errors: unknown[] = [];
      const broken = streamText({
        model,
        prompt: LOOP_QUESTION,
        providerOptions: { ctxopt: { toolResults: { keepLast: -1 } } },
        onError: ({ error }) => {
          errors.push(error);
        },
      });
      await broken.consumeStream();
      expect(errors).toHaveLength(1);
      expect(InvalidArgumentError.isInstance(errors[0])).toBe(true);
      expect((errors[0] as Error).message).toBe(
        'providerOptions.ctxopt.toolResults.keepLast must be an integer of at least 0 (got -1).',
      );
    } finally {
      await api.close();
    }
  }, 60_000);
});

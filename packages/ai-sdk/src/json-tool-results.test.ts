import { createOpenAI } from '@ai-sdk/openai';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import type { CompressResponse, ContextOptimizer } from '@ctxopt/core';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adversarialJson, hugeArray } from '../../../test/support/adversarial-json.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { JsonToolResultTally } from '../../../test/support/json-tool-results.ts';
import { propertyRuns } from '../../../test/support/property-runs.ts';

/**
 * Tool results that are JSON (API responses) reach the model as valid JSON after
 * compression, on both of the policy's paths: each older result compressed in place
 * against the question (`blocks: false`), and block mode (each result of a closed block
 * compressed once). Checked on the bytes `@ai-sdk/openai` sends to a loopback fake of
 * the Chat Completions API, on adversarial documents; a number's text never changes.
 */

const QUESTION = 'What is owner.contact.email, and which station has the highest price?';

/**
 * One turn of a tool loop: the question, then tool calls whose results are the given JSON
 * texts. Results older than the newest are compressed (in place, or in closed blocks).
 */
function conversation(results: readonly string[]): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: 'user', content: QUESTION }];
  results.forEach((result, index) => {
    const toolCallId = `call_${index + 1}`;
    messages.push(
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId, toolName: 'stations', input: { page: index } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId,
            toolName: 'stations',
            output: { type: 'text', value: result },
          },
        ],
      },
    );
  });
  return messages;
}

let openaiApi: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
beforeAll(async () => {
  openaiApi = await startFakeOpenAIChat(() => ({ text: 'ops@example.org' }));
});
afterAll(async () => {
  await openaiApi.close();
});

/** The tool messages' contents as `@ai-sdk/openai` sent them. */
async function sentToolResults(
  results: readonly string[],
  blocks: boolean,
  optimizer: ContextOptimizer = new LocalContextOptimizer(),
): Promise<string[]> {
  const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
  const before = openaiApi.requests.length;
  await generateText({
    model: wrapLanguageModel({
      model: openai.chat('gpt-4o-mini'),
      middleware: contextOptimizerMiddleware({
        optimizer,
        blocks: blocks && { blockTokens: 200 },
        // Block mode closes a running loop's results only in batches that pay for rewriting
        // the cached tail; with keepLast 0 it closes each result as it arrives.
        toolResults: { keepLast: blocks ? 0 : 1, minTokens: 1 },
        onError: 'throw',
      }),
    }),
    messages: conversation(results),
  });
  const request = openaiApi.requests[before]!;
  return request.messages
    .filter((message) => message.role === 'tool')
    .map((message) => message.content as string);
}

describe('JSON tool results through contextOptimizerMiddleware', () => {
  for (const blocks of [false, true]) {
    it(`reach the model as valid JSON with the same number texts (blocks: ${blocks})`, async () => {
      const tally = new JsonToolResultTally();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(adversarialJson, hugeArray), { minLength: 3, maxLength: 6 }),
          async (results) => {
            const sent = await sentToolResults(results, blocks);
            tally.check(sent, results);
          },
        ),
        { numRuns: propertyRuns(12) },
      );
      tally.expectCompressed(blocks);
    }, 120_000);
  }

  for (const blocks of [false, true]) {
    it(`stay as they were when the service answers text that is not JSON (blocks: ${blocks})`, async () => {
      // A service that answers every compression with prose, as a remote one might.
      const prose: CompressResponse = {
        success: true,
        requestId: 'req_prose',
        data: { compressed: 'The stations are open.' },
        compression: { status: 'compressed' },
        usage: {
          request: { inputTokens: 400, compressedTokens: 5, savedTokens: 395, reductionPct: 98.75 },
          monthly: {
            limitTokens: 1_000_000,
            usedTokens: 400,
            remainingTokens: 999_600,
            resetsAt: '2026-12-01T00:00:00.000Z',
          },
        },
      };
      const optimizer: ContextOptimizer = {
        compress: async () => structuredClone(prose),
        generate: async () => {
          throw new Error('not used');
        },
      };
      const results = [1, 2, 3, 4].map(
        (page) => `{"page":${page},"items":[${'{"id":1,"price":1.10},'.repeat(60)}{"id":2}]}`,
      );
      const plain = 'Station 7 reopened after the storm. '.repeat(40);
      const sent = await sentToolResults([...results, plain, results[0]!], blocks, optimizer);
      expect(sent.slice(0, 4)).toEqual(results);
      // The same answer does replace a result that was text: the service was asked and used.
      expect(sent[4]).toContain('The stations are open.');
    }, 60_000);
  }
});

import { createOpenAI } from '@ai-sdk/openai';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { LocalContextOptimizer } from '@ctxopt/local';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adversarialJson, hugeArray } from '../../../test/support/adversarial-json.ts';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { JsonToolResultTally } from '../../../test/support/json-tool-results.ts';

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
async function sentToolResults(results: readonly string[], blocks: boolean): Promise<string[]> {
  const openai = createOpenAI({ apiKey: 'sk-test-openai', baseURL: openaiApi.baseURL });
  const before = openaiApi.requests.length;
  await generateText({
    model: wrapLanguageModel({
      model: openai.chat('gpt-4o-mini'),
      middleware: contextOptimizerMiddleware({
        optimizer: new LocalContextOptimizer(),
        blocks: blocks && { blockTokens: 200 },
        toolResults: { keepLast: 1, minTokens: 1 },
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
        { numRuns: 12 },
      );
      tally.expectCompressed(blocks);
    }, 120_000);
  }
});

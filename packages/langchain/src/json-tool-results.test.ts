import { ContextOptimizerRunnable } from '@ctxopt/langchain';
import { LocalContextOptimizer } from '@ctxopt/local';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { adversarialJson } from '../../../test/support/adversarial-json.ts';
import { JsonToolResultTally } from '../../../test/support/json-tool-results.ts';
import { propertyRuns } from '../../../test/support/property-runs.ts';

/**
 * `ToolMessage` results that are JSON (API responses) come out of the LCEL step as valid
 * JSON after compression, with every number's text unchanged, on adversarial documents,
 * whether older results are compressed in place or in block mode.
 */

const QUESTION = 'What is owner.contact.email, and which station has the highest price?';

/** One turn of a tool loop: the question, then tool calls whose results are the JSON texts. */
function toolLoop(results: readonly string[]): BaseMessage[] {
  const messages: BaseMessage[] = [new HumanMessage(QUESTION)];
  results.forEach((result, index) => {
    const id = `call_${index + 1}`;
    messages.push(
      new AIMessage({ content: '', tool_calls: [{ id, name: 'stations', args: { page: index } }] }),
      new ToolMessage({ content: result, tool_call_id: id, name: 'stations' }),
    );
  });
  return messages;
}

describe('JSON tool results through ContextOptimizerRunnable', () => {
  for (const blocks of [false, true]) {
    it(`stay valid JSON with the same number texts (blocks: ${blocks})`, async () => {
      const runnable = new ContextOptimizerRunnable({
        optimizer: new LocalContextOptimizer(),
        blocks: blocks && { blockTokens: 200 },
        // Block mode closes a running loop's results only in batches that pay for rewriting
        // the cached tail; with keepLast 0 it closes each result as it arrives.
        toolResults: { keepLast: blocks ? 0 : 1, minTokens: 1 },
        onError: 'throw',
      });
      const tally = new JsonToolResultTally();
      await fc.assert(
        fc.asyncProperty(
          fc.array(adversarialJson, { minLength: 3, maxLength: 6 }),
          async (results) => {
            const output = await runnable.invoke(toolLoop(results));
            const tools = output.filter((message) => ToolMessage.isInstance(message));
            tally.check(
              tools.map((tool) => tool.text),
              results,
            );
          },
        ),
        { numRuns: propertyRuns(12) },
      );
      tally.expectCompressed(blocks);
    }, 120_000);
  }
});

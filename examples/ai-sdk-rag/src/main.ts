import type { LanguageModelV4 } from '@ai-sdk/provider';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { loadCorpus } from '@ctxopt-examples/corpus';
import { type ModelMessage, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { connectService } from './connect-service.ts';
import { conversationTurns } from './conversation.ts';
import { formatReduction, formatTokens } from './format.ts';
import { createHandbookRetriever } from './handbook-retriever.ts';
import { lookupStationTool } from './lookup-station-tool.ts';
import { createOfflineModel } from './offline-model.ts';
import { buildStationDirectory } from './station-directory.ts';
import { callFiguresOf, reductionOf, type TurnFigures } from './turn-figures.ts';

export interface MainOptions {
  /** Where each whole output line goes. @default console.log */
  log?: (line: string) => void;
  /** Where the streamed answer goes, piece by piece. @default process.stdout.write */
  write?: (text: string) => void;
  /** Environment read for the service settings. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The model to wrap, such as `openai('gpt-4o-mini')`. @default the offline stand-in model */
  model?: LanguageModelV4;
  /** The user's turns. @default the demo conversation */
  turns?: readonly string[];
}

export interface RunFigures {
  target: 'emulator' | 'service';
  turns: TurnFigures[];
  totals: {
    calls: number;
    compressCalls: number;
    chargedInputTokens: number;
    inputTokens: number;
    compressedTokens: number;
    reduction: number;
    modelInputTokens: number;
  };
}

const instructions =
  'You are the assistant of the Kestrel Bay Bike Share operations team. Answer from the ' +
  'handbook sections and the conversation; use lookupStation for a station code.';

/**
 * The AI SDK example: a multi-turn conversation over the handbook with retrieval and a
 * tool, the model wrapped in `contextOptimizerMiddleware`; prints and returns the figures.
 */
export async function main(options: MainOptions = {}): Promise<RunFigures> {
  const log = options.log ?? console.log;
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  const env = options.env ?? process.env;
  const service = await connectService(env);
  try {
    log(service.description);
    const documents = await loadCorpus();
    const retriever = createHandbookRetriever(documents);
    const baseModel = options.model ?? createOfflineModel();
    log(
      `Model: ${baseModel.provider}/${baseModel.modelId}${options.model ? '' : ' (a deterministic stand-in written in this example; no provider key needed)'}, wrapped in contextOptimizerMiddleware; ${retriever.size} handbook sections indexed with the lexical embedding.`,
    );
    const model = wrapLanguageModel({
      model: baseModel,
      middleware: contextOptimizerMiddleware({
        optimizer: service.optimizer,
      }),
    });
    const tools = { lookupStation: lookupStationTool(buildStationDirectory(documents)) };
    const history: ModelMessage[] = [];
    const turns: TurnFigures[] = [];

    for (const [index, question] of (options.turns ?? conversationTurns).entries()) {
      log('');
      log(`Turn ${index + 1}. user: ${question}`);
      // Fresh sections each turn, in their own message before the question: the last user
      // message is the query and is never compressed, everything before it may be.
      const sections = retriever.search(question);
      const result = streamText({
        model,
        instructions,
        messages: [
          ...history,
          { role: 'user', content: `Handbook sections for the next question:\n\n${sections}` },
          { role: 'user', content: question },
        ],
        tools,
        stopWhen: stepCountIs(3),
      });
      const toolCalls: string[] = [];
      let answer = '';
      for await (const part of result.fullStream) {
        if (part.type === 'tool-call') {
          const call = `${part.toolName}(${JSON.stringify(part.input)})`;
          toolCalls.push(call);
          log(`  tool call:   ${call}`);
        } else if (part.type === 'tool-result') {
          log(`  tool result: ${JSON.stringify(part.output)}`);
        } else if (part.type === 'text-delta') {
          if (answer === '') write('  assistant:   ');
          answer += part.text;
          write(part.text);
        }
      }
      if (answer !== '') write('\n');

      const steps = await result.steps;
      const calls = steps.map((step) => callFiguresOf(step.providerMetadata));
      const inputTokens = calls.reduce((sum, call) => sum + call.inputTokens, 0);
      const compressedTokens = calls.reduce((sum, call) => sum + call.compressedTokens, 0);
      const modelInputTokens = steps.reduce((sum, step) => sum + (step.usage.inputTokens ?? 0), 0);
      const serviceRequestIds = calls.flatMap((call) => call.serviceRequestIds);
      const figures: TurnFigures = {
        question,
        answer,
        toolCalls,
        calls,
        compressCalls: serviceRequestIds.length,
        chargedInputTokens: calls.reduce((sum, call) => sum + call.chargedInputTokens, 0),
        reusedInputTokens: calls.reduce((sum, call) => sum + call.reusedInputTokens, 0),
        inputTokens,
        compressedTokens,
        reduction: reductionOf(inputTokens, compressedTokens),
        modelInputTokens,
      };
      turns.push(figures);
      log(
        // One line per turn: the compress calls made (a step that reused an earlier step's
        // compression made none and is charged nothing for it), then the turn's figures.
        `  ctxopt:      ${plural(calls.length, 'model call')}, ${plural(serviceRequestIds.length, 'compress call')} (${serviceRequestIds.join(', ') || 'none'}) charged ${formatTokens(figures.chargedInputTokens)} tokens, ${formatTokens(figures.reusedInputTokens)} more reused; ${formatTokens(inputTokens)} tokens compressed to ${formatTokens(compressedTokens)}, reduction ${formatReduction(figures.reduction)}; the model read ${formatTokens(modelInputTokens)} tokens`,
      );
      history.push({ role: 'user', content: question }, ...(await result.responseMessages));
    }

    const sum = (pick: (turn: TurnFigures) => number) =>
      turns.reduce((total, turn) => total + pick(turn), 0);
    const totalInput = sum((turn) => turn.inputTokens);
    const totalCompressed = sum((turn) => turn.compressedTokens);
    const totals = {
      calls: sum((turn) => turn.calls.length),
      compressCalls: sum((turn) => turn.compressCalls),
      chargedInputTokens: sum((turn) => turn.chargedInputTokens),
      inputTokens: totalInput,
      compressedTokens: totalCompressed,
      reduction: reductionOf(totalInput, totalCompressed),
      modelInputTokens: sum((turn) => turn.modelInputTokens),
    };
    log('');
    log(
      `Total: ${turns.length} turns, ${totals.calls} model calls, ${plural(totals.compressCalls, 'compress call')} charged ${formatTokens(totals.chargedInputTokens)} tokens, ${formatTokens(totals.inputTokens)} tokens compressed to ${formatTokens(totals.compressedTokens)}, saved ${formatTokens(totals.inputTokens - totals.compressedTokens)} tokens, reduction ${formatReduction(totals.reduction)}; the model read ${formatTokens(totals.modelInputTokens)} tokens`,
    );
    return {
      target: service.target,
      turns,
      totals,
    };
  } finally {
    await service.close();
  }
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export { conversationTurns } from './conversation.ts';

if (import.meta.main) {
  await main();
}

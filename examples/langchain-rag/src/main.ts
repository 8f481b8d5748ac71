import { demoQuestions, loadCorpus } from '@ctxopt-examples/corpus';
import { answerModelOf } from './answer-model.ts';
import { createPipeline, type QuestionFigures } from './answer-question.ts';
import { buildIndex } from './build-index.ts';
import { connectService } from './connect-service.ts';
import { formatReduction, formatTokens } from './format.ts';

export interface MainOptions {
  /** Where each output line goes. @default console.log */
  log?: (line: string) => void;
  /** Environment read for the service and provider settings. @default process.env */
  env?: NodeJS.ProcessEnv;
  /** The questions asked. @default the corpus package's demo questions */
  questions?: readonly string[];
}

export interface RunFigures {
  /** `emulator` when the in-process emulator answered, `service` for CTXOPT_BASE_URL. */
  target: 'emulator' | 'service';
  questions: QuestionFigures[];
  totals: { retrievedTokens: number; compressedTokens: number; reduction: number };
}

/**
 * The LangChain RAG example: index the handbook, then for each question retrieve,
 * compress and answer, printing the figures; returns them too.
 */
export async function main(options: MainOptions = {}): Promise<RunFigures> {
  const log = options.log ?? console.log;
  const env = options.env ?? process.env;
  const service = await connectService(env);
  try {
    log(service.description);
    const documents = await loadCorpus();
    const { vectorStore, chunkCount } = await buildIndex(documents);
    const answerModel = answerModelOf(env);
    const keyName = `${answerModel.provider.toUpperCase()}_API_KEY`;
    const answeredBy =
      service.target === 'emulator' && !env[keyName]
        ? `the emulator's offline provider, standing in for ${answerModel.provider}/${answerModel.model} (no ${keyName})`
        : `${answerModel.provider}/${answerModel.model}`;
    log(
      `Indexed ${documents.length} handbook documents as ${chunkCount} chunks (RecursiveCharacterTextSplitter, lexical embedding, MemoryVectorStore); /v1/generate answers with ${answeredBy}.`,
    );
    const pipeline = createPipeline({ optimizer: service.optimizer, vectorStore, answerModel });
    const questions = options.questions ?? demoQuestions.map((entry) => entry.question);
    const results: QuestionFigures[] = [];
    for (const [index, question] of questions.entries()) {
      const figures = await pipeline.ask(question);
      results.push(figures);
      log('');
      log(`Q${index + 1}. ${question}`);
      log(
        `  retrieved:  ${figures.chunks} chunks, ${formatTokens(figures.retrievedTokens)} tokens`,
      );
      log(
        `  compressed: ${formatTokens(figures.compressedTokens)} tokens, reduction ${formatReduction(figures.reduction)} (compress requestId ${figures.compressRequestId})`,
      );
      log(
        `  answer:     ${figures.answer} (generate requestId ${figures.generateRequestId}; provider tokens ${formatTokens(figures.providerInputTokens)} in, ${formatTokens(figures.providerOutputTokens)} out)`,
      );
    }
    const retrievedTokens = results.reduce((sum, figures) => sum + figures.retrievedTokens, 0);
    const compressedTokens = results.reduce((sum, figures) => sum + figures.compressedTokens, 0);
    const reduction = 1 - compressedTokens / retrievedTokens;
    log('');
    log(
      `Total: ${results.length} questions, retrieved ${formatTokens(retrievedTokens)} tokens, compressed ${formatTokens(compressedTokens)} tokens, saved ${formatTokens(retrievedTokens - compressedTokens)} tokens, reduction ${formatReduction(reduction)}`,
    );
    return {
      target: service.target,
      questions: results,
      totals: { retrievedTokens, compressedTokens, reduction },
    };
  } finally {
    await service.close();
  }
}

if (import.meta.main) {
  await main();
}

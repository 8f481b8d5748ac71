import { OFFLINE_NO_MATCH_ANSWER, startEmulator } from '@ctxopt/local';
import { demoQuestions } from '@ctxopt-examples/corpus';
import { main } from '@ctxopt-examples/langchain-rag';
import { describe, expect, it } from 'vitest';
import { connectionError } from './closed.ts';
import { match, parseCount, printedReduction } from './printed-figures.ts';

async function run(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const figures = await main({ log: (line) => lines.push(line), env });
  return { lines, figures };
}

describe('the LangChain RAG example', { timeout: 30_000 }, () => {
  it('says in its first line that it started the emulator, and stops it before returning', async () => {
    const { lines, figures } = await run({});
    const [, url] = match(
      lines[0],
      /in-process emulator at (http:\/\/127\.0\.0\.1:\d+) \(its offline provider answers\)/,
    );
    expect(figures.target).toBe('emulator');
    expect(await connectionError(url!)).toBe('ECONNREFUSED');
  });

  it('prints figures that add up: each question compressed, totals the sums', async () => {
    const { lines, figures } = await run({});
    const questionLines = lines.filter((line) => /^Q\d+\. /.test(line));
    expect(questionLines).toHaveLength(demoQuestions.length);
    const requestIds: string[] = [];
    let retrievedSum = 0;
    let compressedSum = 0;
    for (const [index, entry] of demoQuestions.entries()) {
      const at = lines.indexOf(`Q${index + 1}. ${entry.question}`);
      const [, chunks, retrieved] = match(
        lines[at + 1],
        /retrieved: +(\d+) chunks, ([\d,]+) tokens$/,
      );
      const [, compressed, reduction, compressId] = match(
        lines[at + 2],
        /compressed: ([\d,]+) tokens, reduction ([\d.]+)% \(compress requestId (\S+)\)$/,
      );
      const [, answer, generateId] = match(
        lines[at + 3],
        /answer: +(.+) \(generate requestId (\S+);/,
      );
      const before = parseCount(retrieved!);
      const after = parseCount(compressed!);
      expect(Number(chunks)).toBeGreaterThan(1);
      expect(before).toBeGreaterThan(1000);
      expect(after).toBeLessThan(before);
      expect(reduction).toBe(printedReduction(before, after));
      expect(answer!.trim()).not.toBe('');
      expect(answer).not.toContain(OFFLINE_NO_MATCH_ANSWER);
      requestIds.push(compressId!, generateId!);
      retrievedSum += before;
      compressedSum += after;

      // The returned figures are the printed ones.
      const returned = figures.questions[index]!;
      expect(returned).toMatchObject({
        question: entry.question,
        chunks: Number(chunks),
        retrievedTokens: before,
        compressedTokens: after,
        compressRequestId: compressId,
        generateRequestId: generateId,
        answer,
      });
      // The lexical retrieval found the document that answers the question.
      expect(returned.sources).toContain(entry.sourceId);
    }
    expect(requestIds.every((id) => id.length > 0)).toBe(true);
    expect(new Set(requestIds).size).toBe(requestIds.length);

    const [, total, retrieved, compressed, saved, reduction] = match(
      lines.at(-1),
      /^Total: (\d+) questions, retrieved ([\d,]+) tokens, compressed ([\d,]+) tokens, saved ([\d,]+) tokens, reduction ([\d.]+)%$/,
    );
    expect(Number(total)).toBe(demoQuestions.length);
    expect(parseCount(retrieved!)).toBe(retrievedSum);
    expect(parseCount(compressed!)).toBe(compressedSum);
    expect(parseCount(saved!)).toBe(retrievedSum - compressedSum);
    expect(reduction).toBe(printedReduction(retrievedSum, compressedSum));
    expect(figures.totals).toEqual({
      retrievedTokens: retrievedSum,
      compressedTokens: compressedSum,
      reduction: 1 - compressedSum / retrievedSum,
    });
  });

  it('talks to the service named by CTXOPT_BASE_URL and CTXOPT_API_KEY when both are set', async () => {
    const service = await startEmulator();
    try {
      const { lines, figures } = await run({
        CTXOPT_API_KEY: service.apiKey,
        CTXOPT_BASE_URL: service.url,
      });
      expect(lines[0]).toBe(
        `Context Optimization API: ${service.url} (CTXOPT_API_KEY and CTXOPT_BASE_URL are set)`,
      );
      expect(figures.target).toBe('service');
      const paths = service.requests.map((request) => request.path);
      expect(paths.filter((path) => path === '/v1/compress')).toHaveLength(demoQuestions.length);
      expect(paths.filter((path) => path === '/v1/generate')).toHaveLength(demoQuestions.length);
      const seenIds = service.requests.map((request) => request.requestId);
      expect(seenIds).toEqual(
        expect.arrayContaining(
          figures.questions.flatMap((q) => [q.compressRequestId, q.generateRequestId]),
        ),
      );
    } finally {
      await service.close();
    }
  });
});

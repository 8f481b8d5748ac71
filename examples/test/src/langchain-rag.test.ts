import { countTokens, OFFLINE_NO_MATCH_ANSWER, startEmulator } from '@ctxopt/local';
import { demoQuestions } from '@ctxopt-examples/corpus';
import { main } from '@ctxopt-examples/langchain-rag';
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isolateNetwork } from '../../../test/support/isolated-network.ts';
import { listeningServers } from './closed.ts';
import { match, parseCount, printedReduction } from './printed-figures.ts';

async function run(env: NodeJS.ProcessEnv) {
  const serversBefore = listeningServers();
  const lines: string[] = [];
  const figures = await main({ log: (line) => lines.push(line), env });
  return { lines, figures, serversBefore };
}

describe('the LangChain RAG example', { timeout: 30_000 }, () => {
  it('says in its first line that it started the emulator, and stops it before returning', async () => {
    const { lines, figures, serversBefore } = await run({});
    match(
      lines[0],
      /in-process emulator at (http:\/\/127\.0\.0\.1:\d+) \(its offline provider answers\)/,
    );
    expect(figures.target).toBe('emulator');
    // The emulator it started is closed: no server of its own is left listening (Node
    // drops the handle from its list a moment after close() resolves).
    await vi.waitFor(() => expect(listeningServers()).toBe(serversBefore), { timeout: 2000 });
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
  describe('with OPENAI_API_KEY set', () => {
    let undoIsolation: (() => void) | undefined;
    afterEach(() => {
      undoIsolation?.();
    });

    it('has the emulator answer through OpenAI, and prints what the provider said', async () => {
      undoIsolation = isolateNetwork();
      const received: { model: string; messages: { role: string; content: string }[] }[] = [];
      const openai = nock('https://api.openai.com', {
        reqheaders: { authorization: 'Bearer sk-test-key' },
      })
        .post('/v1/chat/completions', (body) => {
          received.push(body);
          return true;
        })
        .times(demoQuestions.length)
        .reply(200, () => ({
          choices: [{ message: { content: `Provider answer ${received.length}.` } }],
          usage: {
            prompt_tokens: 400 + received.length,
            completion_tokens: 7,
            total_tokens: 407 + received.length,
          },
        }));

      const { lines, figures } = await run({ OPENAI_API_KEY: 'sk-test-key' });

      expect(openai.isDone()).toBe(true);
      expect(lines[0]).toContain('(openai answer with real calls, the others offline)');
      expect(lines[1]).toContain('/v1/generate answers with openai/gpt-4o-mini.');
      for (const [index, entry] of demoQuestions.entries()) {
        const body = received[index]!;
        expect(body.model).toBe('gpt-4o-mini');
        const figuresOf = figures.questions[index]!;
        // The question is the user turn; the system part carries the context, compressed.
        expect(body.messages.at(-1)).toEqual({ role: 'user', content: entry.question });
        expect(countTokens(body.messages[0]!.content)).toBeLessThan(figuresOf.retrievedTokens);
        expect(figuresOf.answer).toBe(`Provider answer ${index + 1}.`);
        expect(figuresOf.providerInputTokens).toBe(401 + index);
        expect(lines).toContain(
          `  answer:     Provider answer ${index + 1}. (generate requestId ${figuresOf.generateRequestId}; provider tokens ${401 + index} in, 7 out)`,
        );
      }
    });
  });
});

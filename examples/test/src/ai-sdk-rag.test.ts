import { startEmulator } from '@ctxopt/local';
import { conversationTurns, main } from '@ctxopt-examples/ai-sdk-rag';
import { describe, expect, it, vi } from 'vitest';
import { listeningServers } from './closed.ts';
import { match, parseCount, printedReduction } from './printed-figures.ts';

async function run(env: NodeJS.ProcessEnv) {
  const serversBefore = listeningServers();
  let output = '';
  const writes: string[] = [];
  const figures = await main({
    log: (line) => {
      output += `${line}\n`;
    },
    write: (text) => {
      writes.push(text);
      output += text;
    },
    env,
  });
  return {
    lines: output.split('\n'),
    writes,
    figures,
    serversBefore,
  };
}

describe('the AI SDK RAG example', { timeout: 30_000 }, () => {
  it('says in its first line that it started the emulator, and stops it before returning', async () => {
    const { lines, figures, serversBefore } = await run({});
    match(lines[0], /in-process emulator at (http:\/\/127\.0\.0\.1:\d+) /);
    expect(figures.target).toBe('emulator');
    // The emulator it started is closed: no server of its own is left listening (Node
    // drops the handle from its list a moment after close() resolves).
    await vi.waitFor(() => expect(listeningServers()).toBe(serversBefore), { timeout: 2000 });
  });

  it('streams each answer and prints per-turn savings that add up to the total', async () => {
    const { lines, writes, figures } = await run({});
    const requestIds: string[] = [];
    const sums = { calls: 0, compressCalls: 0, charged: 0, input: 0, compressed: 0, model: 0 };
    for (const [index, question] of conversationTurns.entries()) {
      const start = lines.indexOf(`Turn ${index + 1}. user: ${question}`);
      expect(start).toBeGreaterThan(0);
      const end = lines.findIndex((line, at) => at > start && line.startsWith('  ctxopt:'));
      const turnLines = lines.slice(start + 1, end);
      const [, answer] = match(
        turnLines.find((line) => line.startsWith('  assistant:')),
        /^ {2}assistant: +(.+)$/,
      );
      const [, calls, compressCalls, ids, charged, reused, input, compressed, reduction, model] =
        match(
          lines[end],
          /^ {2}ctxopt: +(\d+) model calls?, (\d+) compress calls? \((.+)\) charged ([\d,]+) tokens, ([\d,]+) more reused; ([\d,]+) tokens compressed to ([\d,]+), reduction ([\d.]+)%; the model read ([\d,]+) tokens$/,
        );
      // Each compress call once, by its own request id: a step that reused a compression
      // made no call and is charged nothing for it.
      const serviceIds = ids === 'none' ? [] : ids!.split(', ');
      expect(serviceIds).toHaveLength(Number(compressCalls));
      expect(new Set(serviceIds).size).toBe(serviceIds.length);
      requestIds.push(...serviceIds);
      const before = parseCount(input!);
      const after = parseCount(compressed!);
      expect(after).toBeLessThan(before);
      expect(reduction).toBe(printedReduction(before, after));
      // The model really got the compressed prompt: it read less than the history alone weighed.
      expect(parseCount(model!)).toBeLessThan(before);
      expect(answer!.trim()).not.toBe('');

      const returned = figures.turns[index]!;
      expect(returned).toMatchObject({
        question,
        answer,
        inputTokens: before,
        compressedTokens: after,
        modelInputTokens: parseCount(model!),
      });
      expect(returned.calls).toHaveLength(Number(calls));
      for (const call of returned.calls) expect(call.status).toBe('compressed');
      expect(returned.calls.flatMap((call) => call.serviceRequestIds)).toEqual(serviceIds);
      expect(returned).toMatchObject({
        compressCalls: Number(compressCalls),
        chargedInputTokens: parseCount(charged!),
        reusedInputTokens: parseCount(reused!),
      });
      // What the model received was charged now or reused: never counted twice.
      expect(parseCount(charged!) + parseCount(reused!)).toBeGreaterThanOrEqual(before);
      // The answer arrived in pieces, not in one write.
      const pieces = writes.filter((text) => answer!.includes(text.trim()) && text.trim() !== '');
      expect(pieces.length).toBeGreaterThan(3);

      sums.calls += Number(calls);
      sums.compressCalls += Number(compressCalls);
      sums.charged += parseCount(charged!);
      sums.input += before;
      sums.compressed += after;
      sums.model += parseCount(model!);
    }
    // Every compress call of the conversation is printed once.
    expect(new Set(requestIds).size).toBe(requestIds.length);
    expect(requestIds.length).toBeGreaterThan(0);

    const [, turns, calls, compressCalls, charged, input, compressed, saved, reduction, model] =
      match(
        lines.findLast((line) => line.startsWith('Total:')),
        /^Total: (\d+) turns, (\d+) model calls, (\d+) compress calls? charged ([\d,]+) tokens, ([\d,]+) tokens compressed to ([\d,]+), saved ([\d,]+) tokens, reduction ([\d.]+)%; the model read ([\d,]+) tokens$/,
      );
    expect(Number(turns)).toBe(conversationTurns.length);
    expect(Number(calls)).toBe(sums.calls);
    expect(Number(compressCalls)).toBe(sums.compressCalls);
    expect(parseCount(charged!)).toBe(sums.charged);
    expect(parseCount(input!)).toBe(sums.input);
    expect(parseCount(compressed!)).toBe(sums.compressed);
    expect(parseCount(saved!)).toBe(sums.input - sums.compressed);
    expect(reduction).toBe(printedReduction(sums.input, sums.compressed));
    expect(parseCount(model!)).toBe(sums.model);
  });

  it('calls lookupStation once, in the turn that names a station, and answers from its result', async () => {
    const { lines, figures } = await run({});
    const withTool = figures.turns.filter((turn) => turn.toolCalls.length > 0);
    expect(withTool).toHaveLength(1);
    const [turn] = withTool;
    const code = /\b[A-Z]{2}-\d{2}\b/.exec(turn!.question)![0];
    expect(turn!.toolCalls).toEqual([`lookupStation(${JSON.stringify({ code })})`]);
    // The tool call and its answer are two model calls, each with the prompt compressed.
    expect(turn!.calls).toHaveLength(2);
    const [, output] = match(
      lines.find((line) => line.startsWith('  tool result:')),
      /tool result: (.+)$/,
    );
    const result = JSON.parse(output!) as Record<string, unknown>;
    expect(result).toMatchObject({ found: true, code });
    expect(turn!.answer).toContain(`docks: ${result.docks}`);
  });

  it('uses the service named by CTXOPT_BASE_URL and CTXOPT_API_KEY when both are set', async () => {
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
      const compressCalls = service.requests.filter((request) => request.path === '/v1/compress');
      // An unchanged history is sent once and reused by the turn's later steps.
      expect(compressCalls.map((request) => request.requestId)).toEqual(
        figures.turns.flatMap((turn) => turn.calls.flatMap((call) => call.serviceRequestIds)),
      );
      expect(compressCalls.length).toBeLessThan(figures.totals.calls);
      expect(figures.totals.compressCalls).toBe(compressCalls.length);
      // What the demo prints as charged is what the service's ledger charged.
      expect(figures.totals.chargedInputTokens).toBe(service.ledger.usedTokens(service.apiKey));
    } finally {
      await service.close();
    }
  });
});

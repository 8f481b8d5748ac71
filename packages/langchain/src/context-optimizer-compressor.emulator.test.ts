import { countTokens, LocalContextOptimizer } from '@ctxopt/local';
import { ContextualCompressionRetriever } from '@langchain/classic/retrievers/contextual_compression';
import { DocumentCompressorPipeline } from '@langchain/classic/retrievers/document_compressors';
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { afterEach, describe, expect, it } from 'vitest';
import { ContextOptimizerCompressor } from './context-optimizer-compressor.ts';
import { emulatorClient, emulatorFixture } from './test-support/emulator-setup.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import { HashEmbeddings } from './test-support/hash-embeddings.ts';
import { policyDocuments, REFUND_QUESTION } from './test-support/long-texts.ts';

const fixture = emulatorFixture();
afterEach(() => fixture.closeAll());

async function storeAndTopTwo() {
  const store = await MemoryVectorStore.fromDocuments(policyDocuments, new HashEmbeddings());
  const topTwo = await store.similaritySearch(REFUND_QUESTION, 2);
  return { store, topTwo };
}

describe('ContextOptimizerCompressor end to end (emulator over HTTP)', () => {
  it('returns the retrieved documents compressed for the query, with exact figures', async () => {
    const emulator = await fixture.start();
    const { store, topTwo } = await storeAndTopTwo();
    const recorder = new EventRecorder();
    const retriever = new ContextualCompressionRetriever({
      baseCompressor: new ContextOptimizerCompressor({
        ...emulatorClient(emulator),
        level: 'standard',
      }),
      baseRetriever: store.asRetriever(2),
    });

    const documents = await retriever.invoke(REFUND_QUESTION, { callbacks: [recorder] });

    expect(documents.map((doc) => doc.id)).toEqual(topTwo.map((doc) => doc.id));
    const refunds = documents.find((doc) => doc.id === 'policy-refunds')!;
    expect(refunds.pageContent).toContain('Refunds are issued within 14 days');
    expect(refunds.pageContent).not.toContain('barbecue');
    expect(refunds.metadata).toMatchObject({ source: 'help/refunds.md', section: 'billing' });
    for (const [index, doc] of documents.entries()) {
      const original = topTwo[index]!;
      const figures = doc.metadata.ctxopt;
      expect(figures.status).toBe('compressed');
      expect(figures.inputTokens).toBe(countTokens(original.pageContent));
      expect(figures.compressedTokens).toBe(countTokens(doc.pageContent));
      expect(figures.savedTokens).toBe(figures.inputTokens - figures.compressedTokens);
      expect(figures.savedTokens).toBeGreaterThan(0);
    }
    const logged = emulator.requests.map((request) => request.requestId).sort();
    expect(documents.map((doc) => doc.metadata.ctxopt.requestId).sort()).toEqual(logged);
    const usage = recorder.events('ctxopt_usage');
    expect(usage.map((event) => event.requestId).sort()).toEqual(logged);
    const charged = documents.reduce((sum, doc) => sum + doc.metadata.ctxopt.inputTokens, 0);
    expect(emulator.ledger.usedTokens(emulator.apiKey)).toBe(charged);
  });

  it('gives the same text through the emulator and through LocalContextOptimizer', async () => {
    const emulator = await fixture.start();
    const overHttp = new ContextOptimizerCompressor({
      ...emulatorClient(emulator),
      mode: 'aggressive',
    });
    const inProcess = new ContextOptimizerCompressor({
      optimizer: new LocalContextOptimizer(),
      mode: 'aggressive',
    });

    const [remote, local] = await Promise.all([
      overHttp.compressDocuments(policyDocuments, REFUND_QUESTION),
      inProcess.compressDocuments(policyDocuments, REFUND_QUESTION),
    ]);

    expect(remote.map((doc) => doc.pageContent)).toEqual(local.map((doc) => doc.pageContent));
    expect(remote.map((doc) => doc.id)).toEqual(policyDocuments.map((doc) => doc.id));
  });

  it('combines the documents in one call inside DocumentCompressorPipeline', async () => {
    const emulator = await fixture.start();
    const pipeline = new DocumentCompressorPipeline({
      transformers: [
        new ContextOptimizerCompressor({
          ...emulatorClient(emulator),
          combine: true,
          level: 'ultra',
        }),
      ],
    });

    const documents = await pipeline.compressDocuments(policyDocuments, REFUND_QUESTION);

    expect(emulator.requests).toHaveLength(1);
    expect(documents).toHaveLength(1);
    const [combined] = documents;
    expect(combined!.metadata.sources.map((source: { id: string }) => source.id)).toEqual([
      'policy-refunds',
      'policy-shipping',
      'company-careers',
    ]);
    expect(combined!.metadata.ctxopt.requestId).toBe(emulator.requests[0]!.requestId);
    // The one call carried the joined text: the same engine in process gives the same answer.
    const allText = policyDocuments.map((doc) => doc.pageContent).join('\n\n---\n\n');
    const expected = await new LocalContextOptimizer().compress({
      context: allText,
      query: REFUND_QUESTION,
      level: 'ultra',
    });
    expect(combined!.pageContent).toBe(expected.data.compressed);
    expect(combined!.metadata.ctxopt.inputTokens).toBe(countTokens(allText));
    expect(countTokens(combined!.pageContent)).toBeLessThan(countTokens(allText) / 2);
  });

  it('keeps the originals and reports ctxopt_error when the emulator fails or nothing listens', async () => {
    const emulator = await fixture.start();
    emulator.faults.failNext(1, { status: 503, code: 'maintenance' });
    const { store, topTwo } = await storeAndTopTwo();
    const recorder = new EventRecorder();
    const retrieverWith = (compressor: ContextOptimizerCompressor) =>
      new ContextualCompressionRetriever({
        baseCompressor: compressor,
        baseRetriever: store.asRetriever(2),
      });

    const failing = retrieverWith(
      new ContextOptimizerCompressor({ ...emulatorClient(emulator), combine: true }),
    );
    expect(await failing.invoke(REFUND_QUESTION, { callbacks: [recorder] })).toEqual(topTwo);

    const down = retrieverWith(
      new ContextOptimizerCompressor({
        baseURL: await fixture.closedURL(),
        apiKey: emulator.apiKey,
        maxRetries: 0,
      }),
    );
    expect(await down.invoke(REFUND_QUESTION, { callbacks: [recorder] })).toEqual(topTwo);

    const errors = recorder.events('ctxopt_error');
    expect(errors[0]).toEqual({
      source: 'compressor',
      name: 'InternalServerError',
      code: 'maintenance',
      status: 503,
      requestId: emulator.requests[0]!.requestId,
      message: expect.stringContaining('POST /v1/compress failed with 503 maintenance'),
    });
    expect(errors.slice(1)).toEqual([
      {
        source: 'compressor',
        name: 'APIConnectionError',
        message: expect.stringContaining('POST /v1/compress failed to connect'),
      },
      {
        source: 'compressor',
        name: 'APIConnectionError',
        message: expect.stringContaining('POST /v1/compress failed to connect'),
      },
    ]);
    expect(JSON.stringify(errors)).not.toContain(emulator.apiKey);
    expect(recorder.events('ctxopt_usage')).toEqual([]);
  });
});

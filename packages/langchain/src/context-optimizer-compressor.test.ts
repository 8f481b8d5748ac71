import { ContextualCompressionRetriever } from '@langchain/classic/retrievers/contextual_compression';
import { DocumentCompressorPipeline } from '@langchain/classic/retrievers/document_compressors';
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { Document } from '@langchain/core/documents';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContextOptimizerCompressor } from './context-optimizer-compressor.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import {
  API_KEY,
  clientOptions,
  compressBody,
  errorBody,
  fakeService,
  isolateNetwork,
} from './test-support/fake-service.ts';
import { HashEmbeddings } from './test-support/hash-embeddings.ts';

const refunds = new Document({
  id: 'doc-refunds',
  pageContent:
    'Refunds are issued within 14 days of a return. The refund goes back to the original payment method. Shipping fees are not refunded.',
  metadata: { source: 'refunds.md' },
});
const shipping = new Document({
  id: 'doc-shipping',
  pageContent:
    'Orders ship within 2 business days. Express shipping costs 12 euros. Refunds for lost parcels follow the carrier claim.',
  metadata: { source: 'shipping.md' },
});
const careers = new Document({
  id: 'doc-careers',
  pageContent: 'We are hiring engineers in Berlin and Lisbon. Apply on the careers page.',
  metadata: { source: 'careers.md' },
});

async function retrieverWith(compressor: ContextOptimizerCompressor, k = 2) {
  const store = await MemoryVectorStore.fromDocuments(
    [refunds, shipping, careers],
    new HashEmbeddings(),
  );
  return new ContextualCompressionRetriever({
    baseCompressor: compressor,
    baseRetriever: store.asRetriever(k),
  });
}

/** Answers each compress call with the first sentence of its context, so replies differ. */
function firstSentence(body: Record<string, unknown>) {
  const text = String(body.context);
  return {
    status: 200,
    body: compressBody(text.split('. ')[0]!, { requestId: `req_${text.length}` }),
  };
}

describe('ContextOptimizerCompressor against the wire (nock)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = isolateNetwork();
  });
  afterEach(() => restore());

  it('compresses each retrieved document with the query inside ContextualCompressionRetriever', async () => {
    const service = fakeService('/v1/compress', [firstSentence, firstSentence]);
    const recorder = new EventRecorder();
    const retriever = await retrieverWith(
      new ContextOptimizerCompressor({ ...clientOptions, level: 'standard' }),
    );

    const documents = await retriever.invoke('How do refunds work?', { callbacks: [recorder] });

    const sent = service.requests.map((request) => request.body);
    expect(sent).toHaveLength(2);
    for (const body of sent) {
      expect(Object.keys(body).sort()).toEqual(['context', 'level', 'query']);
      expect(body.query).toBe('How do refunds work?');
      expect(body.level).toBe('standard');
    }
    const original = new Map([refunds, shipping].map((doc) => [doc.id, doc]));
    expect(sent.map((body) => body.context).sort()).toEqual(
      [refunds.pageContent, shipping.pageContent].sort(),
    );
    expect(service.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);

    expect(documents.map((doc) => doc.id).sort()).toEqual(['doc-refunds', 'doc-shipping']);
    for (const doc of documents) {
      const source = original.get(doc.id)!;
      expect(doc.pageContent).toBe(source.pageContent.split('. ')[0]);
      expect(doc.metadata.source).toBe(source.metadata.source);
      const inputTokens = 400;
      const compressedTokens = Math.ceil(doc.pageContent.length / 4);
      expect(doc.metadata.ctxopt).toEqual({
        requestId: `req_${source.pageContent.length}`,
        status: 'compressed',
        inputTokens,
        compressedTokens,
        savedTokens: inputTokens - compressedTokens,
        reductionPct: Number((((inputTokens - compressedTokens) / inputTokens) * 100).toFixed(2)),
        chargedInputTokens: inputTokens,
        reusedInputTokens: 0,
      });
    }
    const usage = recorder.events('ctxopt_usage');
    expect(usage.map((event) => event.requestId).sort()).toEqual(
      documents.map((doc) => doc.metadata.ctxopt.requestId).sort(),
    );
    expect(usage[0]).toMatchObject({ source: 'compressor', monthly: { limitTokens: 1_000_000 } });
  });

  it('combines all documents into one call and one document listing its sources', async () => {
    const service = fakeService('/v1/compress', [
      { status: 200, body: compressBody('Refunds take 14 days.', { requestId: 'req_combined' }) },
    ]);
    const compressor = new ContextOptimizerCompressor({
      ...clientOptions,
      mode: 'aggressive',
      combine: true,
    });

    const documents = await compressor.compressDocuments([refunds, shipping], 'refund time?');

    expect(service.requests.map((request) => request.body)).toEqual([
      {
        context: `${refunds.pageContent}\n\n---\n\n${shipping.pageContent}`,
        query: 'refund time?',
        mode: 'aggressive',
      },
    ]);
    expect(documents).toHaveLength(1);
    expect(documents[0]!.pageContent).toBe('Refunds take 14 days.');
    expect(documents[0]!.metadata.sources).toEqual([
      { id: 'doc-refunds', metadata: { source: 'refunds.md' } },
      { id: 'doc-shipping', metadata: { source: 'shipping.md' } },
    ]);
    expect(documents[0]!.metadata.ctxopt?.requestId).toBe('req_combined');
  });

  it('works as a step of DocumentCompressorPipeline', async () => {
    const service = fakeService('/v1/compress', [firstSentence]);
    const pipeline = new DocumentCompressorPipeline({
      transformers: [new ContextOptimizerCompressor({ ...clientOptions })],
    });

    const documents = await pipeline.compressDocuments([careers], 'Where are the jobs?');

    expect(service.requests.map((request) => request.body)).toEqual([
      { context: careers.pageContent, query: 'Where are the jobs?' },
    ]);
    expect(documents.map((doc) => [doc.id, doc.pageContent])).toEqual([
      ['doc-careers', 'We are hiring engineers in Berlin and Lisbon'],
    ]);
  });

  it('sends nothing for no documents and for documents below minTokens', async () => {
    const sent: unknown[] = [];
    const optimizer = {
      async compress(params: unknown) {
        sent.push(params);
        return compressBody('short');
      },
      async generate(): Promise<never> {
        throw new Error('not used');
      },
    };
    const compressor = new ContextOptimizerCompressor({ optimizer, minTokens: 30 });

    expect(await compressor.compressDocuments([], 'anything')).toEqual([]);
    // refunds (~33 estimated tokens) is sent; careers (~19) stays as it is.
    const documents = await compressor.compressDocuments([refunds, careers], 'refunds');

    expect(sent).toEqual([{ context: refunds.pageContent, query: 'refunds' }]);
    expect(documents[0]!.pageContent).toBe('short');
    expect(documents[1]).toBe(careers);
  });

  it('drops a document only when the service returns an empty text with a non-failure status', async () => {
    fakeService('/v1/compress', [
      { status: 200, body: compressBody('', { requestId: 'req_empty' }) },
      { status: 200, body: compressBody('', { status: 'failed', requestId: 'req_failed' }) },
    ]);
    const compressor = new ContextOptimizerCompressor({ ...clientOptions, concurrency: 1 });

    const documents = await compressor.compressDocuments([careers, refunds], 'refunds');

    expect(documents).toEqual([refunds]);
    expect(documents[0]).toBe(refunds);
  });

  it('keeps the original document and dispatches ctxopt_error when the service is down', async () => {
    const service = fakeService('/v1/compress', [
      { status: 503, body: errorBody('unavailable', 'Try again later', 'req_503') },
      firstSentence,
    ]);
    const recorder = new EventRecorder();
    const retriever = await retrieverWith(
      new ContextOptimizerCompressor({ ...clientOptions, concurrency: 1 }),
    );

    const documents = await retriever.invoke('How do refunds work?', { callbacks: [recorder] });

    expect(service.requests).toHaveLength(2);
    const [failedBody] = service.requests.map((request) => request.body.context);
    const kept = documents.find((doc) => doc.pageContent === failedBody)!;
    expect(kept.metadata.ctxopt).toBeUndefined();
    expect(documents.filter((doc) => doc.metadata.ctxopt)).toHaveLength(1);
    const errors = recorder.events('ctxopt_error');
    expect(errors).toEqual([
      {
        source: 'compressor',
        name: 'InternalServerError',
        code: 'unavailable',
        status: 503,
        requestId: 'req_503',
        message: expect.stringContaining('503'),
      },
    ]);
    expect(JSON.stringify(recorder.customEvents)).not.toContain(API_KEY);
  });

  it("propagates the error with onError: 'throw'", async () => {
    fakeService('/v1/compress', [{ status: 503, body: errorBody('unavailable', 'Down') }]);
    const compressor = new ContextOptimizerCompressor({ ...clientOptions, onError: 'throw' });
    await expect(compressor.compressDocuments([refunds], 'refunds')).rejects.toMatchObject({
      name: 'InternalServerError',
      status: 503,
      code: 'unavailable',
    });
  });

  it('keeps at most `concurrency` calls in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const optimizer = {
      async compress(params: { context: unknown }) {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return compressBody(String(params.context).slice(0, 10));
      },
      async generate(): Promise<never> {
        throw new Error('not used');
      },
    };
    const compressor = new ContextOptimizerCompressor({ optimizer, concurrency: 2 });
    const many = Array.from(
      { length: 7 },
      (_, index) => new Document({ id: `d${index}`, pageContent: `document number ${index}` }),
    );

    const documents = await compressor.compressDocuments(many, 'q');

    expect(peak).toBe(2);
    expect(documents.map((doc) => doc.id)).toEqual(many.map((doc) => doc.id));
  });
});

describe('ContextOptimizerCompressor options', () => {
  it('refuses level and mode together, naming both', () => {
    expect(
      // @ts-expect-error level and mode together: the run-time check is what is tested
      () => new ContextOptimizerCompressor({ ...clientOptions, level: 'low', mode: 'balanced' }),
    ).toThrow('ContextOptimizerCompressor: level and mode must not both be set');
  });

  it('refuses an optimizer together with client options', () => {
    const optimizer = { compress: async () => compressBody(''), generate: async () => ({}) };
    expect(
      () => new ContextOptimizerCompressor({ optimizer: optimizer as never, apiKey: API_KEY }),
    ).toThrow('pass either optimizer or client options, not both (got optimizer and apiKey)');
  });

  it('refuses a bad concurrency, onError or level', () => {
    expect(() => new ContextOptimizerCompressor({ ...clientOptions, concurrency: 0 })).toThrow(
      'concurrency must be an integer of at least 1 (got 0)',
    );
    expect(
      () => new ContextOptimizerCompressor({ ...clientOptions, onError: 'ignore' as never }),
    ).toThrow("onError must be 'passthrough' or 'throw'");
    expect(
      () => new ContextOptimizerCompressor({ ...clientOptions, level: 'max' as never }),
    ).toThrow('level must be one of low, standard, ultra, auto');
  });
});

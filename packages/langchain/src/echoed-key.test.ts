import { ContextOptimizerCompressor } from '@ctxopt/langchain';
import { ContextualCompressionRetriever } from '@langchain/classic/retrievers/contextual_compression';
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { afterEach, expect, it } from 'vitest';
import { echoingErrorBody, startEchoingGateway } from '../../../test/support/echoing-gateway.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import { HashEmbeddings } from './test-support/hash-embeddings.ts';
import { policyDocuments, REFUND_QUESTION } from './test-support/long-texts.ts';

const API_KEY = 'sk-ctxopt-echoed-langchain-7d3e';
let gateway: Awaited<ReturnType<typeof startEchoingGateway>> | undefined;
afterEach(() => gateway?.close());

it('keeps an echoed API key out of the ctxopt_error events of a ContextualCompressionRetriever', async () => {
  gateway = await startEchoingGateway({ status: 403, body: echoingErrorBody });
  const baseURL = gateway.url;
  const store = await MemoryVectorStore.fromDocuments(policyDocuments, new HashEmbeddings());
  const retriever = new ContextualCompressionRetriever({
    baseCompressor: new ContextOptimizerCompressor({ apiKey: API_KEY, baseURL }),
    baseRetriever: store.asRetriever(2),
  });
  const recorder = new EventRecorder();

  const kept = await retriever.invoke(REFUND_QUESTION, { callbacks: [recorder] });

  expect(kept).toHaveLength(2);
  const errors = recorder.events('ctxopt_error');
  expect(errors).toHaveLength(2);
  expect(errors[0]).toMatchObject({ status: 403, code: '***', requestId: 'req ***' });
  expect(JSON.stringify(recorder.customEvents)).not.toContain(API_KEY);
});

// The LangChain classes of the installed package through LangChain's own entry points:
// ContextualCompressionRetriever, a chat model call, createAgent, and onError: 'throw'.
import assert from 'node:assert/strict';

const refunds =
  'Refunds are issued within 14 days of the return reaching our warehouse. ' +
  'Our team enjoys a barbecue every Friday in summer. '.repeat(12);
const shipping =
  'Orders ship within two working days. ' + 'The office plants are watered on Mondays. '.repeat(12);

export async function check(load) {
  const { startEmulator } = await load('@ctxopt/local');
  const core = await load('@ctxopt/core');
  const { ChatContextOptimizer, ContextOptimizerCompressor, contextOptimizerMiddleware } =
    await load('@ctxopt/langchain');
  const { ContextualCompressionRetriever } = await load(
    '@langchain/classic/retrievers/contextual_compression',
  );
  const { MemoryVectorStore } = await load('@langchain/classic/vectorstores/memory');
  const { FakeEmbeddings } = await load('@langchain/core/utils/testing');
  const { Document } = await load('@langchain/core/documents');
  const { AIMessage, HumanMessage } = await load('@langchain/core/messages');
  const { createAgent } = await load('langchain');

  const emulator = await startEmulator();
  try {
    const client = { baseURL: emulator.url, apiKey: emulator.apiKey };
    const store = await MemoryVectorStore.fromDocuments(
      [
        new Document({ pageContent: refunds, metadata: { source: 'refunds.md' } }),
        new Document({ pageContent: shipping, metadata: { source: 'shipping.md' } }),
      ],
      new FakeEmbeddings(),
    );
    const retriever = new ContextualCompressionRetriever({
      baseCompressor: new ContextOptimizerCompressor({ ...client, level: 'standard' }),
      baseRetriever: store.asRetriever(2),
    });
    const documents = await retriever.invoke('How long do refunds take?');
    assert.equal(documents.length, 2);
    const refundDocument = documents.find((document) => document.metadata.source === 'refunds.md');
    assert.match(refundDocument.pageContent, /within 14 days/);
    assert.equal(refundDocument.metadata.ctxopt.status, 'compressed');
    assert.ok(refundDocument.metadata.ctxopt.savedTokens > 0);

    const model = new ChatContextOptimizer({ ...client, provider: 'openai', model: 'gpt-4o-mini' });
    const answer = await model.invoke([['human', 'Summarise the refund policy.']]);
    assert.equal(typeof answer.content, 'string');
    assert.ok(answer.usage_metadata.input_tokens > 0);
    assert.match(answer.response_metadata.requestId, /\S/);

    const before = emulator.requests.length;
    const agent = createAgent({
      model,
      tools: [],
      middleware: [contextOptimizerMiddleware({ ...client, minTokens: 0 })],
    });
    const history = [
      new HumanMessage(refunds),
      new AIMessage(shipping),
      new HumanMessage('How long do refunds take?'),
    ];
    const state = await agent.invoke({ messages: history });
    assert.ok(state.messages.at(-1).content.length > 0);
    const paths = emulator.requests.slice(before).map((request) => request.path);
    assert.ok(paths.includes('/v1/compress'), paths.join());
    assert.ok(paths.includes('/v1/generate'), paths.join());

    // onError: 'throw': LangChain wraps the middleware's error; ours is reachable as a cause.
    emulator.faults.failNext(1, { status: 503 });
    const strict = createAgent({
      model,
      tools: [],
      middleware: [
        contextOptimizerMiddleware({ ...client, minTokens: 0, maxRetries: 0, onError: 'throw' }),
      ],
    });
    const failure = await strict.invoke({ messages: history }).catch((error) => error);
    let typed = failure;
    while (typed && !core.APIError.isInstance(typed)) typed = typed.cause;
    assert.ok(typed, `no APIError in the cause chain of ${failure}`);
    assert.equal(typed.status, 503);
    assert.equal(core.InternalServerError.isInstance(typed), true);
  } finally {
    await emulator.close();
  }
}

// Free names of @ctxopt/langchain's README snippets, against the emulator the test started.
import { ChatContextOptimizer } from '@ctxopt/langchain';
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { Document } from '@langchain/core/documents';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { FakeEmbeddings } from '@langchain/core/utils/testing';
import { z } from 'zod';
import { refundPolicy, shippingPolicy } from './handbook.mts';

export const vectorStore = await MemoryVectorStore.fromDocuments(
  [
    new Document({ pageContent: refundPolicy, metadata: { source: 'refunds.md' } }),
    new Document({ pageContent: shippingPolicy, metadata: { source: 'shipping.md' } }),
  ],
  new FakeEmbeddings(),
);

export const model = new ChatContextOptimizer({ provider: 'openai', model: 'gpt-4o-mini' });

export const history = [
  new HumanMessage(`Here is the policy: ${refundPolicy}`),
  new AIMessage(`Thanks. And shipping: ${shippingPolicy}`),
  new HumanMessage('Where is my order 1042?'),
  new AIMessage('It shipped yesterday.'),
];

export const ticketHistory = `Customer: I returned the tent. ${refundPolicy} Customer: when is my money back?`;

export const searchOrders = tool(async ({ id }: { id: string }) => `Order ${id} shipped.`, {
  name: 'search_orders',
  description: 'Finds an order by its id.',
  schema: z.object({ id: z.string() }),
});

/** The app's own tools. */
// A tuple, as an app usually writes its tools inline: createAgent infers each tool's type
// from a tuple, and refuses a widened array spread next to another tool.
export const tools = [searchOrders] as const;

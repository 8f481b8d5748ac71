// Free names of the root README's snippets, against the emulator the test started
// (CTXOPT_API_KEY and CTXOPT_BASE_URL are set).
import { MemoryVectorStore } from '@langchain/classic/vectorstores/memory';
import { Document } from '@langchain/core/documents';
import { FakeEmbeddings } from '@langchain/core/utils/testing';
import type { ModelMessage } from 'ai';
import { refundPolicy, shippingPolicy } from './handbook.mts';

export const vectorStore = await MemoryVectorStore.fromDocuments(
  [
    new Document({ pageContent: refundPolicy, metadata: { source: 'refunds.md' } }),
    new Document({ pageContent: shippingPolicy, metadata: { source: 'shipping.md' } }),
  ],
  new FakeEmbeddings(),
);

export const messages: ModelMessage[] = [
  { role: 'user', content: refundPolicy },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'How long do refunds take?' },
];

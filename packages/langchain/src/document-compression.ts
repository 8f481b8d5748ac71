import type { ContextOptimizer } from '@ctxopt/core';
import { APIUserAbortError, type CompressResponse } from '@ctxopt/core';
import { estimateTokens } from '@ctxopt/core/internal';
import { Document, type DocumentInterface } from '@langchain/core/documents';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { CompressSettings } from './compress-settings.ts';
import { dispatchError, dispatchUsage } from './ctxopt-events.ts';
import { type CompressionSummary, isFailureStatus, summarizeCompression } from './usage-summary.ts';

export interface DocumentCompressionCall {
  optimizer: ContextOptimizer;
  settings: CompressSettings;
  query: string;
  config: RunnableConfig | undefined;
}

/** What one compression call gave: the response, or `undefined` when it fell open. */
async function compressText(
  text: string,
  call: DocumentCompressionCall,
): Promise<CompressResponse | undefined> {
  try {
    const response = await call.optimizer.compress({
      context: text,
      ...(call.query ? { query: call.query } : {}),
      ...call.settings.body,
    });
    await dispatchUsage(response, 'compressor', call.config);
    return response;
  } catch (error) {
    if (call.settings.onError === 'throw' || APIUserAbortError.isInstance(error)) throw error;
    await dispatchError(error, 'compressor', call.config);
    return undefined;
  }
}

function worthSending(text: string, settings: CompressSettings): boolean {
  return text.trim().length > 0 && estimateTokens(text) >= settings.minTokens;
}

/**
 * The metadata of a document from `ContextOptimizerCompressor`: the retrieved document's
 * own metadata, plus `ctxopt` (the compression's figures) on a compressed document and
 * `sources` on a combined one. A document kept as it was (too small, failed open) has no
 * `ctxopt`.
 */
export type CompressedDocumentMetadata = {
  ctxopt?: CompressionSummary;
  sources?: { id?: string; metadata: Record<string, unknown> }[];
  // biome-ignore lint/suspicious/noExplicitAny: the retrieved metadata, typed as LangChain types it
  [key: string]: any;
};

export type CompressedDocument = DocumentInterface<CompressedDocumentMetadata>;

/**
 * One document, compressed with the query. Kept as it was when it is too small, when
 * the call failed (fail open) or when the service reports a failure status; dropped
 * (`undefined`) only when the service returns an empty text with any other status.
 */
export async function compressDocument(
  document: DocumentInterface,
  call: DocumentCompressionCall,
): Promise<CompressedDocument | undefined> {
  if (!worthSending(document.pageContent, call.settings)) return document;
  const response = await compressText(document.pageContent, call);
  if (!response || isFailureStatus(response.compression.status)) return document;
  if (response.data.compressed.length === 0) return undefined;
  return new Document({
    pageContent: response.data.compressed,
    metadata: { ...document.metadata, ctxopt: summarizeCompression(response) },
    ...(document.id === undefined ? {} : { id: document.id }),
  });
}

/**
 * All documents in one call, joined by `separator`; one document comes back, whose
 * `metadata.sources` lists each source's `id` and `metadata` in order.
 */
export async function compressCombined(
  documents: DocumentInterface[],
  separator: string,
  call: DocumentCompressionCall,
): Promise<CompressedDocument[]> {
  const text = documents.map((document) => document.pageContent).join(separator);
  if (!worthSending(text, call.settings)) return documents;
  const response = await compressText(text, call);
  if (!response || isFailureStatus(response.compression.status)) return documents;
  if (response.data.compressed.length === 0) return [];
  const sources = documents.map((document) => ({
    ...(document.id === undefined ? {} : { id: document.id }),
    metadata: document.metadata,
  }));
  return [
    new Document({
      pageContent: response.data.compressed,
      metadata: { ctxopt: summarizeCompression(response), sources },
    }),
  ];
}

import { type ContextOptimizer, checkOptionKeys } from '@ctxopt/core';
import type { Callbacks } from '@langchain/core/callbacks/manager';
import type { DocumentInterface } from '@langchain/core/documents';
import { BaseDocumentCompressor } from '@langchain/core/retrievers/document_compressors';
import { type CompressSettings, checkCompressSettings, checkCount } from './compress-settings.ts';
import {
  type CompressedDocument,
  compressCombined,
  compressDocument,
} from './document-compression.ts';
import { mapConcurrent } from './map-concurrent.ts';
import {
  type ContextOptimizerOptions,
  contextOptimizerOptionKeys,
  resolveOptimizer,
} from './optimizer-options.ts';

export type ContextOptimizerCompressorOptions = ContextOptimizerCompressorFields &
  ContextOptimizerOptions;

/** The compressor's own fields, beside the shared `ContextOptimizerOptions`. */
export interface ContextOptimizerCompressorFields {
  /** Send all documents in one call and return one document. @default false */
  combine?: boolean;
  /** Documents compressed at the same time (per-document mode). @default 4 */
  concurrency?: number;
  /** What joins the documents' texts in `combine` mode. @default '\n\n---\n\n' */
  separator?: string;
}

const OWNER = 'ContextOptimizerCompressor';

const compressorOptionKeys = [
  ...contextOptimizerOptionKeys,
  'combine',
  'concurrency',
  'separator',
] as const;

// A new field of the compressor that is not listed above fails the typecheck here.
type UnlistedField = Exclude<
  keyof ContextOptimizerCompressorFields,
  (typeof compressorOptionKeys)[number]
>;
const everyFieldListed: [UnlistedField] extends [never] ? true : never = true;
void everyFieldListed;

/**
 * A document compressor backed by `POST /v1/compress`, for `ContextualCompressionRetriever`
 * and `DocumentCompressorPipeline`.
 *
 * @example
 * ```ts
 * import { ContextualCompressionRetriever } from '@langchain/classic/retrievers/contextual_compression';
 * import { ContextOptimizerCompressor } from '@ctxopt/langchain';
 *
 * const retriever = new ContextualCompressionRetriever({
 *   baseCompressor: new ContextOptimizerCompressor({ level: 'standard' }),
 *   baseRetriever: vectorStore.asRetriever(8),
 * });
 * const documents = await retriever.invoke('How do refunds work?');
 * console.log(documents[0].metadata.ctxopt); // { requestId, status, inputTokens, ... }
 * ```
 *
 * By default each document is compressed with the query, `concurrency` at a time, and
 * keeps its `id` and metadata plus `metadata.ctxopt` (`requestId`, `status`,
 * `inputTokens`, `compressedTokens`, `savedTokens`, `reductionPct`). With
 * `combine: true` one call carries every document and one document comes back, with
 * `metadata.sources`. A failed call keeps the original documents and dispatches the
 * `ctxopt_error` custom event (`onError: 'throw'` to propagate); each compression
 * dispatches `ctxopt_usage`.
 */
export class ContextOptimizerCompressor extends BaseDocumentCompressor {
  readonly combine: boolean;
  readonly concurrency: number;
  readonly separator: string;
  readonly #optimizer: ContextOptimizer;
  readonly #settings: CompressSettings;

  constructor(options: ContextOptimizerCompressorOptions = {}) {
    super();
    // A misspelt option (`combined: true`) would otherwise change nothing in silence.
    checkOptionKeys(options, compressorOptionKeys, { owner: OWNER });
    this.#settings = checkCompressSettings(options, OWNER);
    this.#optimizer = resolveOptimizer(options, OWNER);
    this.combine = options.combine ?? false;
    this.concurrency = checkCount(OWNER, 'concurrency', options.concurrency ?? 4, 1);
    this.separator = options.separator ?? '\n\n---\n\n';
  }

  async compressDocuments(
    documents: DocumentInterface[],
    query: string,
    callbacks?: Callbacks,
  ): Promise<CompressedDocument[]> {
    if (documents.length === 0) return [];
    const call = {
      optimizer: this.#optimizer,
      settings: this.#settings,
      query,
      // A retriever passes its child callback manager: events attach to its run.
      config: callbacks === undefined ? undefined : { callbacks },
    };
    if (this.combine) return compressCombined(documents, this.separator, call);
    const compressed = await mapConcurrent(documents, this.concurrency, (document) =>
      compressDocument(document, call),
    );
    return compressed.filter((document) => document !== undefined);
  }
}

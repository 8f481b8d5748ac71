// Runs first: a clear error on a Node.js older than the packages support, before undici loads.
import '@ctxopt/core/node-version-guard';

/** Re-exported for the emulator's users; the value is the contract's, kept in core. */
export { DEFAULT_MAX_OUTPUT_TOKENS } from '@ctxopt/core';
export type { Embed, EmbedSettings } from './emulator/embed-settings.ts';
export type { EmulatorOptions } from './emulator/emulator-options.ts';
export {
  type FailOptions,
  type Fault,
  Faults,
  type RandomFaultOptions,
} from './emulator/faults.ts';
export {
  type Charge,
  QuotaLedger,
  type QuotaLedgerOptions,
  type Reservation,
} from './emulator/quota-ledger.ts';
export type { RequestRecord } from './emulator/request-record.ts';
export { type Emulator, startEmulator } from './emulator/start-emulator.ts';
export {
  compressContext,
  type EngineOptions,
  type EngineResult,
} from './engine/compress-context.ts';
export type {
  EngineExplanation,
  UnitExplanation,
  UnitReason,
  UnitSignals,
} from './engine/explain.ts';
export { countTokens } from './engine/tokenizer.ts';
export { MAX_STATE_BYTES } from './inspector/create-inspector.ts';
export { MAX_FIELD_CHARS, type OperationSummary } from './inspector/inspected-operation.ts';
export type { InspectorState } from './inspector/inspector-state.ts';
export type { MarkedSegment } from './inspector/mark-sentences.ts';
export type { OperationDetail } from './inspector/operation-detail.ts';
export {
  DEFAULT_INSPECTOR_MAX_OPERATIONS,
  DEFAULT_INSPECTOR_MAX_TEXT_CHARS,
  type SavingsPoint,
} from './inspector/operation-log.ts';
export {
  type LocalCompressResponse,
  LocalContextOptimizer,
  type LocalContextOptimizerOptions,
  type LocalGenerateResponse,
} from './local-context-optimizer.ts';
export {
  type AnthropicAdapterOptions,
  createAnthropicAdapter,
} from './providers/anthropic-adapter.ts';
export type { Prompt } from './providers/build-prompt.ts';
export { createGoogleAdapter, type GoogleAdapterOptions } from './providers/google-adapter.ts';
export {
  createOfflineAdapter,
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_NO_MATCH_ANSWER,
  offlineAnswer,
} from './providers/offline-adapter.ts';
export { createOpenAIAdapter, type OpenAIAdapterOptions } from './providers/openai-adapter.ts';
export type { ProviderHttpOptions } from './providers/post-json.ts';
export type {
  ProviderAdapter,
  ProviderAnswer,
  ProviderCall,
} from './providers/provider-adapter.ts';
export { ProviderError, type ProviderFailure } from './providers/provider-error.ts';
export type { ProviderSettings, SupportedProvider } from './providers/provider-registry.ts';

// Runs first: a clear error on a Node.js older than the packages support, before undici loads.
import './node-version-guard.ts';

export type {
  Block,
  BlockMessage,
  BlockPart,
  BlockPlan,
  BlockPlanOptions,
} from './blocks/block-message.ts';
export {
  type ApplyBlockModeOptions,
  applyBlockMode,
  type BlockModeOutcome,
  type BlockModeSettings,
  runBlockMode,
} from './blocks/block-mode.ts';
export {
  ANTHROPIC_CACHE_BREAKPOINTS,
  type AppCacheMarks,
  fitCacheBreakpoints,
} from './blocks/cache-breakpoints.ts';
export {
  type BlockCompression,
  type BlockCompressionSettings,
  type BlockCompressionStats,
  type CompressedPart,
  compressBlocks,
} from './blocks/compress-blocks.ts';
export { compressedPartText, RETRIEVE_TOOL_NAME } from './blocks/compressed-part.ts';
export { compressionKey, handleOf, originalKey } from './blocks/compression-key.ts';
export { conversationIdOf } from './blocks/conversation-id.ts';
export {
  ANTHROPIC_CACHE_SCHEDULE,
  type CacheSchedule,
  OPENAI_CACHE_SCHEDULE,
} from './blocks/cost-gate.ts';
export {
  createOriginalRetriever,
  DEFAULT_RETRIEVE_TIMEOUT_MS,
  type RetrieveRequest,
  type RetrieveToolOptions,
} from './blocks/original-retriever.ts';
export { planBlocks } from './blocks/plan-blocks.ts';
export {
  type RecalledUnit,
  type RecallSource,
  recallOriginals,
} from './blocks/recall.ts';
export { type RetrieveScope, retrieveOriginal } from './blocks/retrieve-original.ts';
export { ContextOptimizerClient, type ContextOptimizerClientOptions } from './client.ts';
export { clientOptionKeys, isContextOptimizer, pickClientOptions } from './client-option-keys.ts';
export type { ContextOptimizer, RequestOptions } from './context-optimizer.ts';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ContextOptimizerError,
  IdempotencyConflictError,
  InternalServerError,
  InvalidOptionError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  UnprocessableEntityError,
  type ValidationIssue,
} from './errors.ts';
export { isRetryableError } from './is-retryable-error.ts';
export type { Logger, LogLevel } from './logger.ts';
export { OperationKeys, type OperationKeysOptions } from './operation-keys.ts';
export { applyCompression, type MessageEdits } from './planner/apply-compression.ts';
export { COMPRESSED_HISTORY_HEADER, compressedHistoryText } from './planner/compressed-history.ts';
export type {
  BlockReport,
  CompressedSpanReport,
  CompressionReport,
  CompressionSkipReason,
} from './planner/compression-report.ts';
export type {
  PlannerMessage,
  PlannerToolCall,
  PlannerToolResult,
} from './planner/conversation.ts';
export {
  type CompressionCall,
  type CompressionRun,
  ConversationCompressor,
} from './planner/conversation-compressor.ts';
export type {
  BlockOptions,
  CompressionTrigger,
  ConversationCallOptions,
  ConversationPolicy,
  ConversationPolicyFields,
  ConversationPolicyOptions,
  KeepLast,
  ToolResultPolicy,
} from './planner/conversation-policy.ts';
export { Deadline } from './planner/deadline.ts';
export { fitContext } from './planner/fit-context.ts';
export { checkOptionKeys, type OptionSource, renamedOptions } from './planner/option-keys.ts';
export {
  type CompressionPlan,
  type CompressionSpan,
  planCompression,
} from './planner/plan-compression.ts';
export {
  applyCallOptions,
  conversationPolicyKeys,
  resolveConversationPolicy,
} from './planner/resolve-policy.ts';
export {
  type CostGateInput,
  compressionPaysOff,
  DEFAULT_MIN_TOKENS,
  DEFAULT_RECALL_TOKENS,
} from './policy/compression-policy.ts';
export { redactSecrets, redactSecretsDeep, secretList } from './redact-secrets.ts';
export {
  type CompressionLevel,
  type CompressionMode,
  type CompressParams,
  type CompressResponse,
  type ContextMessage,
  compressionLevels,
  compressionModes,
  compressRequestSchema,
  compressResponseSchema,
  contextMessageSchema,
  DEFAULT_MAX_OUTPUT_TOKENS,
  type ErrorResponse,
  errorResponseSchema,
  type GenerateParams,
  type GenerateResponse,
  generateRequestSchema,
  generateResponseSchema,
  idempotencyKeySchema,
  knownProviders,
  MAX_CONTEXT_MESSAGES,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_OUTPUT_TOKENS,
  MIN_IDEMPOTENCY_KEY_LENGTH,
  MIN_OUTPUT_TOKENS,
  type MonthlyUsage,
  monthlyUsageSchema,
  type ProviderId,
  type ProviderUsage,
  providerUsageSchema,
  type RequestUsage,
  requestUsageSchema,
} from './schemas.ts';
export type { AgreementFigure, ContentKind } from './shadow/agreement-stats.ts';
export { defaultJudge } from './shadow/default-judge.ts';
export { judgeRubric, readJudgeReply } from './shadow/judge-rubric.ts';
export type { LevelChange } from './shadow/level-controller.ts';
export type {
  JudgeInput,
  JudgeVerdict,
  ShadowAnswer,
  ShadowJudge,
  ShadowToolCall,
} from './shadow/shadow-answer.ts';
export type { ShadowSkipReason } from './shadow/shadow-evaluator.ts';
export type {
  ShadowEvent,
  ShadowFailedEvent,
  ShadowJudgedEvent,
  ShadowLevelChangeEvent,
  ShadowObservedEvent,
} from './shadow/shadow-event.ts';
export type { AdaptOptions, ShadowOptions, ShadowPolicyFields } from './shadow/shadow-options.ts';
export type { CompressionStore } from './store/compression-store.ts';
export {
  type GuardedStore,
  type GuardedStoreOptions,
  guardStore,
  STORE_COOL_DOWN_MS,
  type StoreOperation,
  type StoreRead,
} from './store/guarded-store.ts';
export {
  MemoryCompressionStore,
  type MemoryCompressionStoreOptions,
} from './store/memory-compression-store.ts';
export {
  STORE_CREDENTIAL,
  StoreScope,
  type StoreScopeOptions,
  type StoreScopeSource,
} from './store/store-scope.ts';
export {
  type ErrorSummary,
  summarizeError,
  summarizeUsage,
  type UsageSummary,
} from './usage-summary.ts';
export {
  validateCompressParams,
  validateGenerateParams,
  validateIdempotencyKey,
} from './validation.ts';
export { VERSION } from './version.ts';

export { ContextOptimizerClient, type ContextOptimizerClientOptions } from './client.ts';
export {
  type ClientOptionKey,
  clientOptionKeys,
  isContextOptimizer,
  pickClientOptions,
} from './client-option-keys.ts';
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
export { applyPlan } from './planner/apply-plan.ts';
export {
  COMPRESSED_HISTORY_HEADER,
  compressedHistoryText,
} from './planner/compressed-history.ts';
export {
  type ConversationPlan,
  DEFAULT_MIN_TOKENS,
  type PlannerMessage,
  type PlanOptions,
  type PlanSkipReason,
} from './planner/conversation.ts';
export { estimateTokens } from './planner/estimate-tokens.ts';
export { fitContext } from './planner/fit-context.ts';
export { planConversation } from './planner/plan-conversation.ts';
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

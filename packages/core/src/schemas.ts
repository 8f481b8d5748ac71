import { z } from 'zod';

/**
 * The zod schemas of every body in the Context Optimization API contract.
 *
 * Request schemas are strict: an unknown field is a typo the caller would never
 * see the service ignore. Response schemas are tolerant readers: they require
 * what the contract shows and let through everything it leaves "not shown"
 * (extra fields, other `compression.status` values, other error codes).
 */

export const MAX_CONTEXT_MESSAGES = 500;
export const MIN_OUTPUT_TOKENS = 1;
export const MAX_OUTPUT_TOKENS = 32_768;
/** The service's `maxOutputTokens` when a generate request leaves it out (spec 2.2). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 1024;
export const MIN_IDEMPOTENCY_KEY_LENGTH = 8;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 120;

export const compressionLevels = ['low', 'standard', 'ultra', 'auto'] as const;
export const compressionModes = ['conservative', 'balanced', 'aggressive'] as const;
/** Provider identifiers with autocompletion; the contract hides the real ones, so any lower-case id passes. */
export const knownProviders = ['openai', 'anthropic', 'google'] as const;

export type CompressionLevel = (typeof compressionLevels)[number];
export type CompressionMode = (typeof compressionModes)[number];
export type ProviderId = (typeof knownProviders)[number] | (string & {});

export const contextMessageSchema = z.strictObject({
  role: z.string({ error: 'must be a string' }),
  content: z.string({ error: 'must be a string' }),
});

const compressFields = {
  context: z.union(
    [
      z.string(),
      z
        .array(contextMessageSchema)
        .max(MAX_CONTEXT_MESSAGES, `must hold at most ${MAX_CONTEXT_MESSAGES} messages`),
    ],
    { error: 'is required and must be a string or an array of {role, content} messages' },
  ),
  query: z.string({ error: 'must be a string' }).optional(),
  level: z
    .enum(compressionLevels, { error: `must be one of ${compressionLevels.join(', ')}` })
    .optional(),
  mode: z
    .enum(compressionModes, { error: `must be one of ${compressionModes.join(', ')}` })
    .optional(),
};

function levelOrMode(value: { level?: unknown; mode?: unknown }, context: z.RefinementCtx) {
  if (value.level !== undefined && value.mode !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['mode'],
      message: 'must not be sent together with level (send one of level or mode)',
      params: { rule: 'level_and_mode' },
    });
  }
}

export const compressRequestSchema = z.strictObject(compressFields).superRefine(levelOrMode);

export const generateRequestSchema = z
  .strictObject({
    ...compressFields,
    provider: z
      .string({ error: 'is required and must be a string' })
      .regex(/^[a-z][a-z0-9._-]*$/, 'must be a lower-case provider identifier such as "openai"'),
    model: z.string({ error: 'is required and must be a string' }).min(1, 'must not be empty'),
    maxOutputTokens: z
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(MIN_OUTPUT_TOKENS, `must be between ${MIN_OUTPUT_TOKENS} and ${MAX_OUTPUT_TOKENS}`)
      .max(MAX_OUTPUT_TOKENS, `must be between ${MIN_OUTPUT_TOKENS} and ${MAX_OUTPUT_TOKENS}`)
      .optional(),
  })
  .superRefine(levelOrMode);

export const idempotencyKeySchema = z
  .string({ error: 'must be a string' })
  .min(
    MIN_IDEMPOTENCY_KEY_LENGTH,
    `must be ${MIN_IDEMPOTENCY_KEY_LENGTH} to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
  )
  .max(
    MAX_IDEMPOTENCY_KEY_LENGTH,
    `must be ${MIN_IDEMPOTENCY_KEY_LENGTH} to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
  );

const integer = z.number().int();

export const requestUsageSchema = z.looseObject({
  inputTokens: integer,
  compressedTokens: integer,
  savedTokens: integer,
  reductionPct: z.number(),
});

export const monthlyUsageSchema = z.looseObject({
  limitTokens: integer,
  usedTokens: integer,
  remainingTokens: integer,
  resetsAt: z.string(),
});

export const providerUsageSchema = z.looseObject({
  provider: z.string(),
  model: z.string(),
  inputTokens: integer,
  outputTokens: integer,
  totalTokens: integer,
});

const compressionSchema = z.looseObject({ status: z.string() });

export const compressResponseSchema = z.looseObject({
  success: z.literal(true),
  requestId: z.string(),
  data: z.looseObject({ compressed: z.string() }),
  compression: compressionSchema,
  usage: z.looseObject({ request: requestUsageSchema, monthly: monthlyUsageSchema }),
});

export const generateResponseSchema = z.looseObject({
  success: z.literal(true),
  requestId: z.string(),
  data: z.looseObject({ answer: z.string() }),
  compression: compressionSchema,
  usage: z.looseObject({
    request: requestUsageSchema,
    provider: providerUsageSchema,
    // Whether generate carries the monthly block is not shown in the contract.
    monthly: monthlyUsageSchema.optional(),
  }),
});

export const errorResponseSchema = z.looseObject({
  success: z.literal(false),
  requestId: z.string().optional(),
  error: z.looseObject({ code: z.string(), message: z.string() }),
});

export type ContextMessage = z.infer<typeof contextMessageSchema>;
/**
 * One of `level` or `mode`, never both (spec 2.1): the types refuse
 * `{ level: 'low', mode: 'balanced' }` as the client refuses it at run time.
 */
export type LevelOrMode =
  | { level?: CompressionLevel | undefined; mode?: undefined }
  | { level?: undefined; mode?: CompressionMode | undefined };
/**
 * `{ level }`, `{ mode }` or `{}`, typed as `LevelOrMode`, from settings that keep both
 * fields. Both set is a broken rule: they are kept as given, for validation to name it.
 */
export function levelOrModeOf(source: {
  level?: CompressionLevel | undefined;
  mode?: CompressionMode | undefined;
}): LevelOrMode {
  const picked: { level?: CompressionLevel; mode?: CompressionMode } = {};
  if (source.level !== undefined) picked.level = source.level;
  if (source.mode !== undefined) picked.mode = source.mode;
  return picked as LevelOrMode;
}
/** The body of `POST /v1/compress` (spec 2.1). */
export type CompressParams = Omit<z.input<typeof compressRequestSchema>, 'level' | 'mode'> &
  LevelOrMode;
/** The body of `POST /v1/generate` (spec 2.2). */
export type GenerateParams = Omit<
  z.input<typeof generateRequestSchema>,
  'provider' | 'level' | 'mode'
> & {
  provider: ProviderId;
} & LevelOrMode;
export type RequestUsage = z.infer<typeof requestUsageSchema>;
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;
export type ProviderUsage = z.infer<typeof providerUsageSchema>;
/** The success body of `POST /v1/compress` (spec 2.3). */
export type CompressResponse = z.infer<typeof compressResponseSchema>;
/** The success body of `POST /v1/generate` (spec 2.4). */
export type GenerateResponse = z.infer<typeof generateResponseSchema>;
/** The error body of every failed call (spec 2.5). */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

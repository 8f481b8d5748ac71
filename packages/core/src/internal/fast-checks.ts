import {
  compressionLevels,
  compressionModes,
  MAX_CONTEXT_MESSAGES,
  MAX_OUTPUT_TOKENS,
  MIN_OUTPUT_TOKENS,
} from '../schemas.ts';

/**
 * Plain checks for the common case: a request that keeps every rule, a response that has
 * every required field. They answer only "certainly fits"; anything else goes to the zod
 * schemas, which stay the source of truth and word every error. A property test holds
 * that these never accept what the schemas refuse. Why: zod's copy of every object costs
 * about a tenth of a loopback call (bench/client-overhead.ts).
 */

type Record_ = Record<string, unknown>;

const levels = new Set<unknown>(compressionLevels);
const modes = new Set<unknown>(compressionModes);
const compressKeys = new Set(['context', 'query', 'level', 'mode']);
const generateKeys = new Set([...compressKeys, 'provider', 'model', 'maxOutputTokens']);
const providerPattern = /^[a-z][a-z0-9._-]*$/;

function isObject(value: unknown): value is Record_ {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyKeys(value: Record_, allowed: Set<string>): boolean {
  for (const key of Object.keys(value)) if (!allowed.has(key)) return false;
  return true;
}

function isMessage(value: unknown): boolean {
  if (!isObject(value) || typeof value.role !== 'string' || typeof value.content !== 'string') {
    return false;
  }
  const keys = Object.keys(value);
  return keys.length === 2;
}

function fitsCompressFields(body: Record_): boolean {
  const { context, query, level, mode } = body;
  if (typeof context !== 'string') {
    if (!Array.isArray(context) || context.length > MAX_CONTEXT_MESSAGES) return false;
    for (let index = 0; index < context.length; index++) {
      if (!isMessage(context[index])) return false;
    }
  }
  if (query !== undefined && typeof query !== 'string') return false;
  if (level !== undefined && !levels.has(level)) return false;
  if (mode !== undefined && !modes.has(mode)) return false;
  return level === undefined || mode === undefined;
}

export function certainlyValidCompress(body: unknown): boolean {
  return isObject(body) && onlyKeys(body, compressKeys) && fitsCompressFields(body);
}

export function certainlyValidGenerate(body: unknown): boolean {
  if (!isObject(body) || !onlyKeys(body, generateKeys) || !fitsCompressFields(body)) return false;
  const { provider, model, maxOutputTokens } = body;
  if (typeof provider !== 'string' || !providerPattern.test(provider)) return false;
  if (typeof model !== 'string' || model.length === 0) return false;
  return (
    maxOutputTokens === undefined ||
    (Number.isInteger(maxOutputTokens) &&
      (maxOutputTokens as number) >= MIN_OUTPUT_TOKENS &&
      (maxOutputTokens as number) <= MAX_OUTPUT_TOKENS)
  );
}

const isInteger = (value: unknown) => Number.isSafeInteger(value);

function hasRequestUsage(value: unknown): boolean {
  return (
    isObject(value) &&
    isInteger(value.inputTokens) &&
    isInteger(value.compressedTokens) &&
    isInteger(value.savedTokens) &&
    typeof value.reductionPct === 'number' &&
    Number.isFinite(value.reductionPct)
  );
}

function hasMonthlyUsage(value: unknown): boolean {
  return (
    isObject(value) &&
    isInteger(value.limitTokens) &&
    isInteger(value.usedTokens) &&
    isInteger(value.remainingTokens) &&
    typeof value.resetsAt === 'string'
  );
}

function hasProviderUsage(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.provider === 'string' &&
    typeof value.model === 'string' &&
    isInteger(value.inputTokens) &&
    isInteger(value.outputTokens) &&
    isInteger(value.totalTokens)
  );
}

function hasEnvelope(body: unknown): body is Record_ & { data: Record_; usage: Record_ } {
  return (
    isObject(body) &&
    body.success === true &&
    typeof body.requestId === 'string' &&
    isObject(body.data) &&
    isObject(body.compression) &&
    typeof body.compression.status === 'string' &&
    isObject(body.usage) &&
    hasRequestUsage(body.usage.request)
  );
}

export function certainlyCompressResponse(body: unknown): boolean {
  return (
    hasEnvelope(body) &&
    typeof body.data.compressed === 'string' &&
    hasMonthlyUsage(body.usage.monthly)
  );
}

export function certainlyGenerateResponse(body: unknown): boolean {
  return (
    hasEnvelope(body) &&
    typeof body.data.answer === 'string' &&
    hasProviderUsage(body.usage.provider) &&
    (body.usage.monthly === undefined || hasMonthlyUsage(body.usage.monthly))
  );
}

import type { z } from 'zod';
import { RequestValidationError, type ValidationIssue } from './errors.ts';
import { certainlyValidCompress, certainlyValidGenerate } from './internal/fast-checks.ts';
import {
  type CompressParams,
  compressRequestSchema,
  type GenerateParams,
  generateRequestSchema,
  idempotencyKeySchema,
} from './schemas.ts';

/**
 * Checks a request against the contract before any I/O. Each broken rule becomes an
 * issue that names the field and the rule; the emulator uses the same issues to
 * build its 4xx answers, so client and server never disagree on what is valid.
 */

type Issue = z.core.$ZodIssue;

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | undefined)?.[key];
  return value;
}

function ruleOf(issue: Issue, field: string, input: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_union':
      return input === undefined ? 'required' : 'invalid_type';
    case 'too_big':
    case 'too_small':
      return field === 'context' ? 'too_many_messages' : 'out_of_range';
    case 'invalid_value':
      return 'invalid_enum';
    case 'invalid_format':
      return 'invalid_format';
    case 'custom':
      return String((issue.params as { rule?: string } | undefined)?.rule ?? 'invalid');
    default:
      return issue.code;
  }
}

function toIssues(
  issues: readonly Issue[],
  root: unknown,
  prefix: readonly PropertyKey[] = [],
): ValidationIssue[] {
  const result: ValidationIssue[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        result.push({
          field: fieldOf([...path, key]),
          message: 'is not a field of the contract',
          rule: 'unknown_field',
        });
      }
    } else if (issue.code === 'invalid_union') {
      // `context` is a string or an array; report the branch the input was aimed at.
      const aimed = issue.errors.find(
        (branch) =>
          !branch.some((inner) => inner.code === 'invalid_type' && inner.path.length === 0),
      );
      if (aimed) result.push(...toIssues(aimed, root, path));
      else {
        const field = fieldOf(path);
        result.push({
          field,
          message: issue.message,
          rule: ruleOf(issue, field, valueAt(root, path)),
        });
      }
    } else {
      const field = fieldOf(path);
      result.push({
        field,
        message: issue.message,
        rule: ruleOf(issue, field, valueAt(root, path)),
      });
    }
  }
  return result;
}

function check<T>(operation: string, schema: z.ZodType<T>, value: unknown): T {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RequestValidationError(operation, [
      { field: 'body', message: 'must be an object', rule: 'invalid_type' },
    ]);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new RequestValidationError(operation, toIssues(parsed.error.issues, value));
  return parsed.data;
}

/** Returns the compress body as it will be sent, or throws `RequestValidationError`. */
export function validateCompressParams(value: unknown): CompressParams {
  if (certainlyValidCompress(value)) return value as CompressParams;
  // The schema refuses level and mode together, so the body fits the exclusive type.
  return check('compress', compressRequestSchema, value) as CompressParams;
}

/** Returns the generate body as it will be sent, or throws `RequestValidationError`. */
export function validateGenerateParams(value: unknown): GenerateParams {
  if (certainlyValidGenerate(value)) return value as GenerateParams;
  return check('generate', generateRequestSchema, value) as GenerateParams;
}

/** Checks a caller's Idempotency-Key (spec 5: 8 to 120 characters). */
export function validateIdempotencyKey(value: unknown): string {
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) {
    throw new RequestValidationError('request options', [
      { field: 'idempotencyKey', message: parsed.error.issues[0]!.message, rule: 'out_of_range' },
    ]);
  }
  return parsed.data;
}

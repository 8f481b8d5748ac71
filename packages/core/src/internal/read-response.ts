import type { z } from 'zod';
import { APIError, ResponseValidationError } from '../errors.ts';
import { maskHeaders } from '../logger.ts';
import { errorResponseSchema } from '../schemas.ts';
import type { AttemptResponse } from './send-attempt.ts';

/** `requestId` from the body when it has one, else from the `request-id` / `x-request-id` header. */
function requestIdOf(response: AttemptResponse, body: unknown): string | undefined {
  const fromBody = (body as { requestId?: unknown } | null)?.requestId;
  if (typeof fromBody === 'string') return fromBody;
  const header = response.headers['request-id'] ?? response.headers['x-request-id'];
  return Array.isArray(header) ? header[0] : header;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Parses a 2xx body with the tolerant success schema, or throws `ResponseValidationError`. */
export function readSuccess<T>(
  response: AttemptResponse,
  contract: { schema: z.ZodType<T>; certainlyFits: (body: unknown) => boolean },
  description: string,
): T {
  const json = parseJson(response.body);
  if (json.ok && contract.certainlyFits(json.value)) return json.value as T;
  // Built only on failure: masking headers is work a success does not need.
  const failure = (message: string) =>
    new ResponseValidationError(message, {
      status: response.status,
      code: undefined,
      requestId: requestIdOf(response, json.ok ? json.value : null),
      headers: maskHeaders(response.headers),
    });
  if (!json.ok) {
    throw failure(`${description} returned ${response.status} with a body that is not JSON.`);
  }
  const parsed = contract.schema.safeParse(json.value);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ');
    throw failure(
      `${description} returned ${response.status} with a body that does not fit the contract: ${problems}`,
    );
  }
  return parsed.data;
}

/**
 * Builds the typed error for a non-2xx response (spec 2.5). The status decides the class
 * even when the body is not the contract's error shape (a proxy's HTML page, say), so a
 * caller's `RateLimitError` or `InternalServerError` check still holds; `code` is then
 * undefined.
 */
export function readError(response: AttemptResponse, description: string): APIError {
  const json = parseJson(response.body);
  const body = json.ok ? errorResponseSchema.safeParse(json.value) : undefined;
  const requestId = requestIdOf(response, json.ok ? json.value : null);
  const suffix = requestId ? ` (requestId ${requestId})` : '';
  const detail = body?.success
    ? `${body.data.error.code}: ${body.data.error.message}`
    : "and a body that is not the contract's error shape";
  return APIError.generate(
    response.status,
    `${description} failed with ${response.status} ${detail}${suffix}`,
    {
      code: body?.success ? body.data.error.code : undefined,
      requestId,
      headers: maskHeaders(response.headers),
    },
  );
}

import type { z } from 'zod';
import { APIError, ResponseValidationError } from '../errors.ts';
import { maskHeaders } from '../logger.ts';
import { redactSecrets } from '../redact-secrets.ts';
import { errorResponseSchema } from '../schemas.ts';
import type { AttemptResponse } from './send-attempt.ts';

/**
 * How a response is read: its description (`POST /v1/compress`) and the client's own
 * secrets, redacted from everything the server sent before it reaches an error, a log
 * line or a result's `requestId`.
 */
export interface ReadContext {
  description: string;
  secrets: readonly string[];
}

/** The masked headers, with any secret in a value redacted too. */
function safeHeaders(response: AttemptResponse, secrets: readonly string[]) {
  const masked = maskHeaders(response.headers);
  for (const [name, value] of Object.entries(masked)) {
    masked[name] = redactSecrets(value, secrets);
  }
  return masked;
}

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

/**
 * The error for a body that passed the client's `maxResponseBytes`: the rest of it was
 * never read, so there is no body to report, only the status and headers.
 */
export function responseTooLarge(
  response: AttemptResponse,
  maxResponseBytes: number,
  { description, secrets }: ReadContext,
): ResponseValidationError {
  const requestId = requestIdOf(response, null);
  return new ResponseValidationError(
    redactSecrets(
      `${description} returned ${response.status} with a body larger than maxResponseBytes (${maxResponseBytes} bytes); the rest was not read.`,
      secrets,
    ),
    {
      status: response.status,
      code: undefined,
      requestId: requestId === undefined ? undefined : redactSecrets(requestId, secrets),
      headers: safeHeaders(response, secrets),
    },
  );
}

/**
 * The fields of a success body that the client reports as they are (`requestId` in
 * results and log lines, `compression.status` in the integrations' metadata), with the
 * client's secrets redacted: the body itself is left alone, it is the caller's content.
 */
function redactReportedFields<T>(value: T, secrets: readonly string[]): T {
  const body = value as { requestId?: unknown; compression?: { status?: unknown } };
  if (typeof body.requestId === 'string') body.requestId = redactSecrets(body.requestId, secrets);
  if (typeof body.compression?.status === 'string') {
    body.compression.status = redactSecrets(body.compression.status, secrets);
  }
  return value;
}

/** Parses a 2xx body with the tolerant success schema, or throws `ResponseValidationError`. */
export function readSuccess<T>(
  response: AttemptResponse,
  contract: { schema: z.ZodType<T>; certainlyFits: (body: unknown) => boolean },
  { description, secrets }: ReadContext,
): T {
  const json = parseJson(response.body);
  // One scan of the body decides whether redaction is needed at all.
  const echoesSecret = secrets.some((secret) => response.body.includes(secret));
  const finish = (value: T) => (echoesSecret ? redactReportedFields(value, secrets) : value);
  if (json.ok && contract.certainlyFits(json.value)) return finish(json.value as T);
  // Built only on failure: masking headers is work a success does not need.
  const failure = (message: string) => {
    const requestId = requestIdOf(response, json.ok ? json.value : null);
    return new ResponseValidationError(redactSecrets(message, secrets), {
      status: response.status,
      code: undefined,
      requestId: requestId === undefined ? undefined : redactSecrets(requestId, secrets),
      headers: safeHeaders(response, secrets),
    });
  };
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
  return finish(parsed.data);
}

/**
 * Builds the typed error for a non-2xx response (spec 2.5). The status decides the class
 * even when the body is not the contract's error shape (a proxy's HTML page, say), so a
 * caller's `RateLimitError` or `InternalServerError` check still holds; `code` is then
 * undefined.
 */
export function readError(
  response: AttemptResponse,
  { description, secrets }: ReadContext,
): APIError {
  const json = parseJson(response.body);
  const body = json.ok ? errorResponseSchema.safeParse(json.value) : undefined;
  const rawRequestId = requestIdOf(response, json.ok ? json.value : null);
  const requestId = rawRequestId === undefined ? undefined : redactSecrets(rawRequestId, secrets);
  const code = body?.success ? redactSecrets(body.data.error.code, secrets) : undefined;
  const suffix = requestId ? ` (requestId ${requestId})` : '';
  const detail = body?.success
    ? `${code}: ${redactSecrets(body.data.error.message, secrets)}`
    : "and a body that is not the contract's error shape";
  return APIError.generate(
    response.status,
    `${description} failed with ${response.status} ${detail}${suffix}`,
    { code, requestId, headers: safeHeaders(response, secrets) },
  );
}

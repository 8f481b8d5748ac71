/**
 * Every error the client throws. One root, `ContextOptimizerError`, with a literal
 * `name` on each class and a `Symbol.for` marker on each prototype, so that
 * `XError.isInstance(error)` still works when two copies of this package are installed
 * (an ESM and a CommonJS copy, or two versions) and after a bundler renames the classes.
 *
 * Each marker is written out as a literal string, never derived from `constructor.name`
 * or `Class.name`: bundlers rename classes (`APIError` became `_APIError` in a build once),
 * and a marker keyed on the runtime name silently stops matching in the shipped code.
 *
 * None of these ever holds the API key: requests are described by method and path
 * only, and response headers are copied with credentials masked.
 */

// Symbol.for is the process-wide registry: two copies of this package get the same symbol.
const markers = {
  ContextOptimizerError: Symbol.for('ctxopt.error.ContextOptimizerError'),
  RequestValidationError: Symbol.for('ctxopt.error.RequestValidationError'),
  APIError: Symbol.for('ctxopt.error.APIError'),
  BadRequestError: Symbol.for('ctxopt.error.BadRequestError'),
  AuthenticationError: Symbol.for('ctxopt.error.AuthenticationError'),
  PermissionDeniedError: Symbol.for('ctxopt.error.PermissionDeniedError'),
  NotFoundError: Symbol.for('ctxopt.error.NotFoundError'),
  IdempotencyConflictError: Symbol.for('ctxopt.error.IdempotencyConflictError'),
  UnprocessableEntityError: Symbol.for('ctxopt.error.UnprocessableEntityError'),
  RateLimitError: Symbol.for('ctxopt.error.RateLimitError'),
  InternalServerError: Symbol.for('ctxopt.error.InternalServerError'),
  ResponseValidationError: Symbol.for('ctxopt.error.ResponseValidationError'),
  APIConnectionError: Symbol.for('ctxopt.error.APIConnectionError'),
  APIConnectionTimeoutError: Symbol.for('ctxopt.error.APIConnectionTimeoutError'),
  APIUserAbortError: Symbol.for('ctxopt.error.APIUserAbortError'),
  InvalidOptionError: Symbol.for('ctxopt.error.InvalidOptionError'),
} as const;

type ErrorClassName = keyof typeof markers;

function mark(errorClass: { prototype: object }, name: ErrorClassName): void {
  Object.defineProperty(errorClass.prototype, markers[name], { value: true });
}

function hasMarker(value: unknown, name: ErrorClassName): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[markers[name]] === true
  );
}

export class ContextOptimizerError extends Error {
  override readonly name: string = 'ContextOptimizerError';
  static isInstance(value: unknown): value is ContextOptimizerError {
    return hasMarker(value, 'ContextOptimizerError');
  }
}
mark(ContextOptimizerError, 'ContextOptimizerError');

/** One broken rule of the contract, found before anything was sent. */
export interface ValidationIssue {
  /** Dotted path of the field, such as `context.3.role` or `maxOutputTokens`. */
  field: string;
  /** What the field must be. */
  message: string;
  /** A stable name of the rule, such as `too_many_messages` or `unknown_field`. */
  rule: string;
}

/** A request broke a rule of the contract; nothing was sent. */
export class RequestValidationError extends ContextOptimizerError {
  override readonly name = 'RequestValidationError';
  readonly issues: readonly ValidationIssue[];
  /** The first broken field, for the common case of one mistake. */
  readonly field: string;

  constructor(operation: string, issues: readonly ValidationIssue[]) {
    const list = issues.map((issue) => `${issue.field} ${issue.message}`).join('; ');
    super(`Invalid ${operation} request: ${list}`);
    this.issues = issues;
    this.field = issues[0]?.field ?? '';
  }

  static override isInstance(value: unknown): value is RequestValidationError {
    return hasMarker(value, 'RequestValidationError');
  }
}
mark(RequestValidationError, 'RequestValidationError');

export type SafeHeaders = Record<string, string>;

interface APIErrorInit {
  status: number | undefined;
  code: string | undefined;
  requestId: string | undefined;
  headers: SafeHeaders;
  cause?: unknown;
}

/** The service answered with an error status (spec 2.5). */
export class APIError extends ContextOptimizerError {
  override readonly name: string = 'APIError';
  readonly status: number | undefined;
  /** The body's `error.code`, kept as sent: the contract does not list its values. */
  readonly code: string | undefined;
  readonly requestId: string | undefined;
  readonly headers: SafeHeaders;

  constructor(message: string, init: APIErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.headers = init.headers;
  }

  static override isInstance(value: unknown): value is APIError {
    return hasMarker(value, 'APIError');
  }

  /** Maps an error status to its class: the one place that decides it. */
  static generate(status: number, message: string, init: Omit<APIErrorInit, 'status'>): APIError {
    const full = { ...init, status };
    if (status === 400) return new BadRequestError(message, full);
    if (status === 401) return new AuthenticationError(message, full);
    if (status === 403) return new PermissionDeniedError(message, full);
    if (status === 404) return new NotFoundError(message, full);
    if (status === 409) return new IdempotencyConflictError(message, full);
    if (status === 422) return new UnprocessableEntityError(message, full);
    if (status === 429) return new RateLimitError(message, full);
    if (status >= 500) return new InternalServerError(message, full);
    return new APIError(message, full);
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      requestId: this.requestId,
    };
  }
}
mark(APIError, 'APIError');

/** 400: the request broke a rule the service checks. */
export class BadRequestError extends APIError {
  override readonly name = 'BadRequestError';
  static override isInstance(value: unknown): value is BadRequestError {
    return hasMarker(value, 'BadRequestError');
  }
}
mark(BadRequestError, 'BadRequestError');

/** 401: the API key is missing or not valid. */
export class AuthenticationError extends APIError {
  override readonly name = 'AuthenticationError';
  static override isInstance(value: unknown): value is AuthenticationError {
    return hasMarker(value, 'AuthenticationError');
  }
}
mark(AuthenticationError, 'AuthenticationError');

/** 403: the key may not do this. */
export class PermissionDeniedError extends APIError {
  override readonly name = 'PermissionDeniedError';
  static override isInstance(value: unknown): value is PermissionDeniedError {
    return hasMarker(value, 'PermissionDeniedError');
  }
}
mark(PermissionDeniedError, 'PermissionDeniedError');

/** 404: no such route. */
export class NotFoundError extends APIError {
  override readonly name = 'NotFoundError';
  static override isInstance(value: unknown): value is NotFoundError {
    return hasMarker(value, 'NotFoundError');
  }
}
mark(NotFoundError, 'NotFoundError');

/** 409: the Idempotency-Key was already used with a different body (spec 7.2). */
export class IdempotencyConflictError extends APIError {
  override readonly name = 'IdempotencyConflictError';
  static override isInstance(value: unknown): value is IdempotencyConflictError {
    return hasMarker(value, 'IdempotencyConflictError');
  }
}
mark(IdempotencyConflictError, 'IdempotencyConflictError');

/** 422: the body is well-formed but cannot be processed. */
export class UnprocessableEntityError extends APIError {
  override readonly name = 'UnprocessableEntityError';
  static override isInstance(value: unknown): value is UnprocessableEntityError {
    return hasMarker(value, 'UnprocessableEntityError');
  }
}
mark(UnprocessableEntityError, 'UnprocessableEntityError');

/** 429: too many requests, or the monthly quota is spent. */
export class RateLimitError extends APIError {
  override readonly name = 'RateLimitError';
  static override isInstance(value: unknown): value is RateLimitError {
    return hasMarker(value, 'RateLimitError');
  }
}
mark(RateLimitError, 'RateLimitError');

/** 5xx: the service (or the provider behind it) failed. */
export class InternalServerError extends APIError {
  override readonly name = 'InternalServerError';
  static override isInstance(value: unknown): value is InternalServerError {
    return hasMarker(value, 'InternalServerError');
  }
}
mark(InternalServerError, 'InternalServerError');

/** The service's body did not fit the contract (not JSON, or a required field missing). */
export class ResponseValidationError extends APIError {
  override readonly name = 'ResponseValidationError';
  static override isInstance(value: unknown): value is ResponseValidationError {
    return hasMarker(value, 'ResponseValidationError');
  }
}
mark(ResponseValidationError, 'ResponseValidationError');

/** No response arrived: the connection failed or broke. */
export class APIConnectionError extends ContextOptimizerError {
  override readonly name: string = 'APIConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
  static override isInstance(value: unknown): value is APIConnectionError {
    return hasMarker(value, 'APIConnectionError');
  }
}
mark(APIConnectionError, 'APIConnectionError');

/** An attempt took longer than its timeout. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override readonly name = 'APIConnectionTimeoutError';
  static override isInstance(value: unknown): value is APIConnectionTimeoutError {
    return hasMarker(value, 'APIConnectionTimeoutError');
  }
}
mark(APIConnectionTimeoutError, 'APIConnectionTimeoutError');

/** The caller's AbortSignal fired. Never retried. */
export class APIUserAbortError extends ContextOptimizerError {
  override readonly name = 'APIUserAbortError';
  constructor(message = 'The request was aborted by the caller.', options?: { cause?: unknown }) {
    super(message, options);
  }
  static override isInstance(value: unknown): value is APIUserAbortError {
    return hasMarker(value, 'APIUserAbortError');
  }
}
mark(APIUserAbortError, 'APIUserAbortError');

/**
 * An option of an integration (given at construction or per call) breaks its rule;
 * thrown before anything is sent, even by integrations that fail open, because it is a
 * programming error rather than a service failure.
 */
export class InvalidOptionError extends ContextOptimizerError {
  override readonly name = 'InvalidOptionError';
  /** Dotted path of the option as the caller wrote it, such as `toolResults.keepLast`. */
  readonly field: string;
  /** What the option must be. */
  readonly rule: string;
  constructor(field: string, rule: string, owner?: string) {
    super(`${owner ? `${owner}: ` : ''}${field} ${rule}.`);
    this.field = field;
    this.rule = rule;
  }
  static override isInstance(value: unknown): value is InvalidOptionError {
    return hasMarker(value, 'InvalidOptionError');
  }
}
mark(InvalidOptionError, 'InvalidOptionError');

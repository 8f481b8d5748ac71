/**
 * Every `error.code` the emulator answers with, its HTTP status and meaning. The
 * package README shows the same table; the contract itself lists no codes (spec 7).
 */
export const errorCodes = {
  not_found: { status: 404, meaning: 'No route at this path.' },
  method_not_allowed: { status: 405, meaning: 'The path takes POST only.' },
  duplicate_header: {
    status: 400,
    meaning: 'Authorization, Idempotency-Key or Content-Type was sent more than once.',
  },
  missing_api_key: { status: 401, meaning: 'No `Authorization: Bearer <key>` header.' },
  invalid_api_key: { status: 401, meaning: 'The Bearer key is not one of the emulator keys.' },
  unsupported_media_type: { status: 415, meaning: 'Content-Type is not application/json.' },
  missing_idempotency_key: { status: 400, meaning: 'No Idempotency-Key header.' },
  invalid_idempotency_key: { status: 400, meaning: 'Idempotency-Key is not 8 to 120 characters.' },
  payload_too_large: { status: 413, meaning: 'The body is larger than `maxBodyBytes`.' },
  request_timeout: {
    status: 408,
    meaning: 'The headers (`headersTimeoutMs`) or the body (`requestTimeoutMs`) came too late.',
  },
  headers_too_large: { status: 431, meaning: 'The request headers are larger than Node accepts.' },
  malformed_request: { status: 400, meaning: 'The request could not be read as HTTP/1.1.' },
  invalid_json: { status: 400, meaning: 'The body is not JSON.' },
  missing_field: { status: 400, meaning: 'A required field is absent.' },
  invalid_type: {
    status: 400,
    meaning: 'A field (or the body) has the wrong JSON type; `maxOutputTokens` not an integer.',
  },
  unknown_field: { status: 400, meaning: 'A field the contract does not define.' },
  invalid_enum_value: { status: 400, meaning: '`level` or `mode` is not one of its values.' },
  invalid_format: { status: 400, meaning: '`provider` is not a lower-case identifier.' },
  value_out_of_range: {
    status: 400,
    meaning: '`maxOutputTokens` outside 1..32768, or `model` empty.',
  },
  too_many_messages: { status: 400, meaning: '`context` holds more than 500 messages.' },
  level_and_mode_conflict: { status: 400, meaning: '`level` and `mode` were sent together.' },
  invalid_request: { status: 400, meaning: 'Any other broken rule of the contract.' },
  unsupported_provider: { status: 400, meaning: '`provider` is not openai, anthropic or google.' },
  provider_not_configured: {
    status: 400,
    meaning: 'No key for the provider and `offlineProviders: false`.',
  },
  idempotency_key_reused: {
    status: 409,
    meaning: 'The Idempotency-Key was used with a different body.',
  },
  quota_exceeded: { status: 429, meaning: 'The monthly token quota of the API key is used up.' },
  internal_error: { status: 500, meaning: 'An unexpected failure inside the emulator.' },
  provider_error: { status: 502, meaning: 'The provider failed or answered something unusable.' },
  provider_timeout: {
    status: 504,
    meaning: 'The provider did not answer within `providerTimeoutMs`.',
  },
  shutting_down: { status: 503, meaning: 'The emulator closed while a provider call was running.' },
  injected_fault: {
    status: 503,
    meaning: 'A fault queued with `faults.failNext` (status as queued).',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof errorCodes;

/** The `error.code` of each validation rule of core's `validateCompressParams` / `validateGenerateParams`. */
const codeOfRule: Record<string, ErrorCode> = {
  required: 'missing_field',
  invalid_type: 'invalid_type',
  unknown_field: 'unknown_field',
  invalid_enum: 'invalid_enum_value',
  invalid_format: 'invalid_format',
  out_of_range: 'value_out_of_range',
  too_many_messages: 'too_many_messages',
  level_and_mode: 'level_and_mode_conflict',
};

export function codeForRule(rule: string): ErrorCode {
  return codeOfRule[rule] ?? 'invalid_request';
}

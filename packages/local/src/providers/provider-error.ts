/** Why a provider call failed; the emulator answers 502 `provider_error` or 504 `provider_timeout`. */
export type ProviderFailure = 'status' | 'timeout' | 'network' | 'malformed' | 'aborted';

/**
 * A provider call failed. The message names the provider, the status and the provider's
 * own error type when it is a plain identifier, never the provider's message text: some
 * providers echo part of the key they were sent ("Incorrect API key provided: sk-...").
 */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly provider: string;
  readonly failure: ProviderFailure;
  /** The provider's HTTP status, for `failure: 'status'`. */
  readonly status: number | undefined;

  constructor(provider: string, failure: ProviderFailure, message: string, status?: number) {
    super(message);
    this.provider = provider;
    this.failure = failure;
    this.status = status;
  }
}

const plainIdentifier = /^[A-Za-z0-9_.-]{1,64}$/;

/** The provider's error type (`invalid_api_key`, `rate_limit_error`, `UNAUTHENTICATED`), if any. */
export function providerErrorType(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, type, status } = error as Record<string, unknown>;
  for (const candidate of [code, type, status]) {
    if (typeof candidate === 'string' && plainIdentifier.test(candidate)) return candidate;
  }
  return undefined;
}

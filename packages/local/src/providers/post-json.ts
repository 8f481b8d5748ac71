import { redactSecrets, redactSecretsDeep, secretList } from '@ctxopt/core';
import { type Dispatcher, request } from 'undici';
import { ProviderError, providerErrorType } from './provider-error.ts';

/** How the HTTP adapters reach their provider. */
export interface ProviderHttpOptions {
  /** undici Dispatcher for provider calls. @default undici's global dispatcher (what nock replaces in tests) */
  dispatcher?: Dispatcher;
  /** Milliseconds allowed for one provider call. @default 60000 */
  timeoutMs?: number;
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 60_000;

interface PostJson extends ProviderHttpOptions {
  provider: string;
  url: string;
  headers: Record<string, string>;
  /** The provider key sent in `headers`: redacted from everything the provider answers. */
  secrets?: string[];
  body: unknown;
  signal?: AbortSignal;
}

/**
 * POSTs a JSON body to a provider and returns its parsed JSON answer. Every failure
 * becomes a `ProviderError` whose message holds no header value. A provider (or a proxy
 * in front of it) may still echo the key it was sent, in an error code or in the answer:
 * every text it sends passes through `redactSecrets` here, where it enters.
 */
export async function postJson(call: PostJson): Promise<unknown> {
  const timeoutMs = call.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
  let status: number;
  let text: string;
  try {
    const response = await request(call.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
      signal,
      ...(call.dispatcher ? { dispatcher: call.dispatcher } : {}),
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch {
    if (timeout.aborted) {
      throw new ProviderError(
        call.provider,
        'timeout',
        `${call.provider} did not answer within ${timeoutMs} ms.`,
      );
    }
    if (call.signal?.aborted) {
      throw new ProviderError(
        call.provider,
        'aborted',
        `The call to ${call.provider} was aborted.`,
      );
    }
    throw new ProviderError(call.provider, 'network', `Could not reach ${call.provider}.`);
  }
  const secrets = secretList(call.secrets ?? []);
  let body: unknown;
  try {
    body = JSON.parse(text);
    if (secrets.some((secret) => text.includes(secret))) body = redactSecretsDeep(body, secrets);
  } catch {
    body = undefined;
  }
  if (status < 200 || status >= 300) {
    const type = providerErrorType(body);
    const detail = type ? ` (${redactSecrets(type, secrets)})` : '';
    throw new ProviderError(
      call.provider,
      'status',
      `${call.provider} answered ${status}${detail}.`,
      status,
    );
  }
  if (body === undefined) {
    throw new ProviderError(
      call.provider,
      'malformed',
      `${call.provider} answered ${status} with a body that is not JSON.`,
    );
  }
  return body;
}

/** Reads a non-negative integer token count, or fails as a malformed provider answer. */
export function tokenCount(provider: string, value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  throw new ProviderError(provider, 'malformed', `${provider} answered without a valid ${field}.`);
}

/** Reads a token count the provider may leave out: anything but a positive integer counts 0. */
export function optionalTokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** Joins a base URL and a path without doubling or losing the slash. */
export function joinURL(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

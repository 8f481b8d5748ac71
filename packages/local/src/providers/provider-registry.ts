import { knownProviders } from '@ctxopt/core';
import type { Dispatcher } from 'undici';
import { createAnthropicAdapter } from './anthropic-adapter.ts';
import { createGoogleAdapter } from './google-adapter.ts';
import { createOfflineAdapter } from './offline-adapter.ts';
import { createOpenAIAdapter } from './openai-adapter.ts';
import type { ProviderHttpOptions } from './post-json.ts';
import type { ProviderAdapter } from './provider-adapter.ts';

/** The providers `generate` accepts (spec 2.2: exactly three identifiers). */
export const supportedProviders = knownProviders;
export type SupportedProvider = (typeof supportedProviders)[number];

/**
 * Which provider keys exist and where the providers live: the stand-in for the keys a
 * customer verified in the panel's integrations section (spec 1.4).
 */
export interface ProviderSettings {
  /** Provider API keys. A provider without a key is answered offline (see `offlineProviders`). @default {} */
  providerKeys?: Partial<Record<SupportedProvider, string>>;
  /** Base URLs of the provider APIs, for proxies and tests. @default each provider's public address */
  providerBaseURLs?: Partial<Record<SupportedProvider, string>>;
  /**
   * Answer `generate` with the offline adapter for every provider that has no key.
   * With `false`, such a call fails with 400 `provider_not_configured`.
   * @default true
   */
  offlineProviders?: boolean;
  /** Milliseconds allowed for one provider call. @default 60000 */
  providerTimeoutMs?: number;
  /** undici Dispatcher of the provider calls. @default undici's global dispatcher */
  providerDispatcher?: Dispatcher;
}

export type ProviderResolution =
  | { ok: true; adapter: ProviderAdapter }
  | { ok: false; code: 'unsupported_provider' | 'provider_not_configured'; message: string };

export interface ProviderRegistry {
  resolve(provider: string): ProviderResolution;
}

function isSupported(provider: string): provider is SupportedProvider {
  return (supportedProviders as readonly string[]).includes(provider);
}

/** Builds each adapter once; keys stay inside the adapters' closures. */
export function createProviderRegistry(settings: ProviderSettings = {}): ProviderRegistry {
  const keys = settings.providerKeys ?? {};
  const baseURLs = settings.providerBaseURLs ?? {};
  const http: ProviderHttpOptions = {
    ...(settings.providerTimeoutMs === undefined ? {} : { timeoutMs: settings.providerTimeoutMs }),
    ...(settings.providerDispatcher === undefined
      ? {}
      : { dispatcher: settings.providerDispatcher }),
  };
  const offline = createOfflineAdapter();
  const factories = {
    openai: createOpenAIAdapter,
    anthropic: createAnthropicAdapter,
    google: createGoogleAdapter,
  } satisfies Record<SupportedProvider, unknown>;
  const adapters = new Map<SupportedProvider, ProviderAdapter>();
  for (const provider of supportedProviders) {
    const apiKey = keys[provider];
    if (apiKey) {
      adapters.set(provider, factories[provider]({ ...http, apiKey, baseURL: baseURLs[provider] }));
    }
  }
  return {
    resolve(provider) {
      if (!isSupported(provider)) {
        return {
          ok: false,
          code: 'unsupported_provider',
          message: `provider must be one of ${supportedProviders.join(', ')} (got "${provider}").`,
        };
      }
      const adapter = adapters.get(provider);
      if (adapter) return { ok: true, adapter };
      if (settings.offlineProviders !== false) return { ok: true, adapter: offline };
      return {
        ok: false,
        code: 'provider_not_configured',
        message: `provider "${provider}" has no verified key: add one in the integrations section (emulator option providerKeys.${provider}).`,
      };
    },
  };
}

import { describe, expect, it } from 'vitest';
import { createProviderRegistry } from './provider-registry.ts';

describe('the provider registry', () => {
  it('answers every supported provider offline when it has no key', () => {
    const registry = createProviderRegistry();
    for (const provider of ['openai', 'anthropic', 'google']) {
      const resolution = registry.resolve(provider);
      expect(resolution.ok && resolution.adapter.kind).toBe('offline');
    }
  });

  it('uses the HTTP adapter for a provider with a key', () => {
    const registry = createProviderRegistry({ providerKeys: { anthropic: 'sk-ant-test' } });
    const anthropic = registry.resolve('anthropic');
    const openai = registry.resolve('openai');
    expect(anthropic.ok && anthropic.adapter.kind).toBe('http');
    expect(openai.ok && openai.adapter.kind).toBe('offline');
  });

  it('refuses a provider without a key when offline answers are turned off', () => {
    const registry = createProviderRegistry({ offlineProviders: false });
    expect(registry.resolve('google')).toMatchObject({
      ok: false,
      code: 'provider_not_configured',
    });
  });

  it('refuses a provider the contract does not name', () => {
    expect(createProviderRegistry().resolve('mistral')).toEqual({
      ok: false,
      code: 'unsupported_provider',
      message: 'provider must be one of openai, anthropic, google (got "mistral").',
    });
  });
});

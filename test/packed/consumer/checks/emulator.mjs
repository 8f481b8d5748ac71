// The emulator's documented statuses, from `startEmulator` of the installed package.
import assert from 'node:assert/strict';
import { authorized, failingProvider, post } from './http.mjs';

const text = 'Refunds are issued within 14 days of the return. '.repeat(20);

async function expectError(answer, status, code) {
  const { status: got, body } = await answer;
  assert.deepEqual({ status: got, code: body?.error?.code }, { status, code });
  assert.equal(typeof body.requestId, 'string');
}

export async function check(load) {
  const { startEmulator } = await load('@ctxopt/local');
  const provider = await failingProvider();
  const emulators = [];
  try {
    const open = await startEmulator({ limitTokens: 100 });
    const strict = await startEmulator({ offlineProviders: false });
    const failing = await startEmulator({
      providerKeys: { openai: 'sk-packed-provider-key' },
      providerBaseURLs: { openai: provider.url },
    });
    emulators.push(open, strict, failing);
    const generate = {
      provider: 'openai',
      model: 'gpt-4o-mini',
      context: text,
      query: 'Summarise.',
    };

    await expectError(post(open.url, '/v1/compress', { context: text }), 401, 'missing_api_key');
    await expectError(post(open.url, '/v1/nowhere', {}, authorized(open.apiKey)), 404, 'not_found');
    await expectError(
      post(
        open.url,
        '/v1/compress',
        { context: text, level: 'low', mode: 'balanced' },
        authorized(open.apiKey),
      ),
      400,
      'level_and_mode_conflict',
    );
    await expectError(
      post(open.url, '/v1/generate', { ...generate, provider: 'mistral' }, authorized(open.apiKey)),
      400,
      'unsupported_provider',
    );
    await expectError(
      post(strict.url, '/v1/generate', generate, authorized(strict.apiKey)),
      400,
      'provider_not_configured',
    );
    await expectError(
      post(failing.url, '/v1/generate', generate, authorized(failing.apiKey)),
      502,
      'provider_error',
    );
    const reused = authorized(open.apiKey);
    assert.equal((await post(open.url, '/v1/compress', { context: text }, reused)).status, 200);
    await expectError(
      post(open.url, '/v1/compress', { context: `${text} more` }, reused),
      409,
      'idempotency_key_reused',
    );
    // 100 tokens a month: the first compression above used them up.
    await expectError(
      post(open.url, '/v1/compress', { context: text }, authorized(open.apiKey)),
      429,
      'quota_exceeded',
    );
    open.faults.failNext(1, { status: 503 });
    await expectError(
      post(open.url, '/v1/compress', { context: text }, authorized(open.apiKey)),
      503,
      'injected_fault',
    );
  } finally {
    await Promise.all(emulators.map((emulator) => emulator.close()));
    await provider.close();
  }
}

// The inspector page, its script and its JSON, served by `startEmulator` of the installed
// package: the page ships inside the tarball as plain text, with no build step.
import assert from 'node:assert/strict';
import { authorized, post } from './http.mjs';

const apiKey = 'packed-inspector-secret-key-1';
const providerKey = 'sk-packed-inspector-provider-1';
const text =
  `Refunds are issued within 14 days of the return. Bananas are yellow. ${apiKey} ${providerKey}. `.repeat(
    20,
  );

async function get(url) {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

export async function check(load) {
  const { startEmulator } = await load('@ctxopt/local');
  const emulator = await startEmulator({
    apiKeys: [apiKey],
    providerKeys: { openai: providerKey },
  });
  try {
    const answered = await post(
      emulator.url,
      '/v1/compress',
      { context: text, query: 'When are refunds issued?' },
      authorized(apiKey),
    );
    assert.equal(answered.status, 200);
    const page = await get(emulator.inspectorUrl);
    assert.equal(page.status, 200);
    assert.match(page.text, /<title>ctxopt emulator · inspector<\/title>/);
    const script = await get(`${emulator.url}/inspector/inspector.js`);
    assert.equal(script.status, 200);
    assert.match(script.text, /function renderDetail/);
    const state = await get(`${emulator.url}/inspector/api/state`);
    const [operation] = JSON.parse(state.text).operations;
    assert.equal(operation.requestId, answered.body.requestId);
    const detail = await get(`${emulator.url}/inspector/api/operations/${operation.id}`);
    const { segments } = JSON.parse(detail.text);
    assert.ok(segments.some((segment) => segment.kept));
    assert.ok(segments.some((segment) => !segment.kept));
    for (const shown of [page, script, state, detail]) {
      assert.ok(!shown.text.includes(apiKey) && !shown.text.includes(providerKey));
    }
  } finally {
    await emulator.close();
  }
}

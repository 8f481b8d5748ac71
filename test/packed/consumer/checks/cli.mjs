// The `ctxopt-emulator` command of the installed package: it starts, answers the documented
// statuses, logs each request with its code, and exits 0 on SIGTERM.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { authorized, post } from './http.mjs';

export async function check() {
  const apiKey = 'packed-cli-key-0123456789';
  const child = spawn(
    process.execPath,
    [
      'node_modules/.bin/ctxopt-emulator',
      '--port',
      '0',
      '--api-key',
      apiKey,
      '--limit-tokens',
      '100',
      '--no-offline',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), 20_000);
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });
    const text = 'Refunds are issued within 14 days of the return. '.repeat(20);
    assert.equal((await post(url, '/v1/compress', { context: text })).status, 401);
    const generate = {
      provider: 'openai',
      model: 'gpt-4o-mini',
      context: text,
      query: 'Summarise.',
    };
    const notConfigured = await post(url, '/v1/generate', generate, authorized(apiKey));
    assert.deepEqual(
      [notConfigured.status, notConfigured.body.error.code],
      [400, 'provider_not_configured'],
    );
    assert.equal(
      (await post(url, '/v1/compress', { context: text }, authorized(apiKey))).status,
      200,
    );
    const spent = await post(url, '/v1/compress', { context: text }, authorized(apiKey));
    assert.deepEqual([spent.status, spent.body.error.code], [429, 'quota_exceeded']);
    // The request log line is written once the answer is sent: give it a moment.
    for (let waited = 0; waited < 5_000 && !/ 429 .*quota_exceeded/.test(output); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(output, / 429 .*quota_exceeded/);
    assert.doesNotMatch(output, new RegExp(apiKey));
  } finally {
    child.kill('SIGTERM');
  }
  const [code] = child.exitCode === null ? await once(child, 'exit') : [child.exitCode];
  assert.equal(code, 0, output);
}

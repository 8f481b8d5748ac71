// LocalContextOptimizer of the installed package compresses a large context in its worker
// pool (dist/compress-worker.js or .cjs, found beside the bundle, run by piscina): a timer on this event
// loop keeps firing, and the answer is the synchronous engine's. The pause is measured as
// test/support/longest-pause.ts does; this file runs outside the workspace, without it.
import assert from 'node:assert/strict';

function base64(length) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let state = 7;
  const characters = [];
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    characters.push(alphabet[(state >>> 16) % alphabet.length]);
  }
  return characters.join('');
}

export async function check(load) {
  const { LocalContextOptimizer, compressContext } = await load('@ctxopt/local');
  const params = { context: base64(300_000), query: 'storm damage', level: 'standard' };
  let last = performance.now();
  let longest = 0;
  const interval = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  let answer;
  try {
    answer = await new LocalContextOptimizer().compress(params);
  } finally {
    clearInterval(interval);
  }
  const ended = performance.now();
  longest = Math.max(longest, ended - last);
  const duration = ended - started;
  assert.ok(longest < duration / 5, `the event loop stood still ${longest} ms of ${duration} ms`);
  assert.equal(answer.data.compressed, compressContext(params).compressed);

  // Concurrent large requests share the pool (piscina, installed with the package): each
  // answer is the engine's own.
  const requests = [3, 4, 5].map((seed) => ({
    context: base64(120_000).slice(seed) + base64(seed * 10),
    query: 'harbour',
  }));
  const answers = await Promise.all(
    requests.map((request) => new LocalContextOptimizer().compress(request)),
  );
  for (const [index, request] of requests.entries()) {
    assert.equal(answers[index].data.compressed, compressContext(request).compressed);
  }
}

// LocalContextOptimizer of the installed package compresses a large context in its worker
// thread (dist/compress-worker.js or .cjs, found beside the bundle): a timer on this event
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
}

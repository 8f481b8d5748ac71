// Run by emulator-heap.test.ts in a child process (`node --expose-gc`): the heap an emulator
// keeps after generate calls with a 1 MB model name, and the size of the inspector's state.
// Prints one JSON line.
import { startEmulator } from '@ctxopt/local';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
/** The JavaScript heap and the buffers outside it (stored answers are buffers), after gc. */
const settled = () => {
  for (let round = 0; round < 3; round++) gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers };
};

const calls = Number(process.argv[2] ?? 110);
const modelChars = Number(process.argv[3] ?? 1_000_000);
const context = Array.from(
  { length: 40 },
  (_, line) => `Order ${line} shipped from warehouse ${line % 7} on day ${line % 28}.`,
).join('\n');

const emulator = await startEmulator();
const generate = async (model: string, index: number) => {
  const response = await fetch(`${emulator.url}/v1/generate`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${emulator.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': `heap-probe-${index}-${'k'.repeat(8)}`,
    },
    body: JSON.stringify({ context, query: 'Which orders shipped?', provider: 'openai', model }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`generate answered ${response.status}`);
};

// Warm up (tokenizer, adapters, JIT) before the baseline.
for (let index = 0; index < 3; index++) await generate('gpt-4o-mini', -1 - index);
const before = settled();
const model = 'm'.repeat(modelChars);
for (let index = 0; index < calls; index++) await generate(model, index);
const after = settled();

const started = performance.now();
const state = await fetch(`${emulator.url}/inspector/api/state`);
const stateBytes = (await state.arrayBuffer()).byteLength;
const stateMs = performance.now() - started;
await emulator.close();
console.log(
  JSON.stringify({
    heapAddedMB: (after.heapUsed - before.heapUsed) / 1024 / 1024,
    buffersAddedMB: (after.arrayBuffers - before.arrayBuffers) / 1024 / 1024,
    stateBytes,
    stateMs,
    stateStatus: state.status,
  }),
);

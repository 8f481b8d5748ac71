import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * The warm-up a worker of the pool runs as it starts (warm-up.ts), against the first
 * large request it then meets: in a fresh process, the engine warmed as a worker warms it,
 * then six calls of 400,000 characters in one layout, with a question, each timed in the
 * CPU of this thread (the compiler's background threads, whose share varies most, left
 * out). The text, its words and its question are not the warm-up's own.
 */

const run = promisify(execFile);
const packageFolder = fileURLToPath(new URL('../..', import.meta.url));
const warmUp = new URL('./warm-up.ts', import.meta.url).href;
const engine = new URL('../engine/compress-context.ts', import.meta.url).href;

const SCRIPT = `
import { WORKER_WARM_UP_CALLS, WORKER_WARM_UP_CHARACTERS, warmUpEngine } from '${warmUp}';
import { compressContext } from '${engine}';
const WORDS = ['harbour', 'pier', 'storm', 'ferry', 'invoice', 'signal', 'bridge', 'ledger', 'Oslo', 'captain'];
const layout = process.argv.at(-1);
function generator(seed) {
  let state = seed;
  return (range) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 16) % range;
  };
}
function sentence(next) {
  const words = Array.from({ length: 8 + next(10) }, () => WORDS[next(WORDS.length)]);
  return 'The ' + words.join(' ') + ' ' + next(1000000) + '.';
}
function paragraph(next) {
  return Array.from({ length: 2 + next(4) }, () => sentence(next)).join(' ');
}
function text(length, seed) {
  const next = generator(seed);
  const parts = [];
  let size = 0;
  while (size < length) {
    const index = parts.length;
    let part = paragraph(next);
    if (layout === 'documents') part = 'Document [' + (index + 1) + '] (Title: Ferry ' + next(500) + ') ' + part;
    if (layout === 'markdown' && index % 6 === 0) part = '## Ferry ' + next(500);
    if (layout === 'markdown' && index % 6 === 3) part = '- ' + sentence(next) + '\\n- ' + sentence(next);
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join(layout === 'markdown' || layout === 'passages' ? '\\n\\n' : '\\n');
}
function context(seed) {
  const whole = text(400000, seed);
  if (layout !== 'messages') return whole;
  return whole.split('\\n').map((content, turn) => ({ role: turn % 2 === 0 ? 'user' : 'assistant', content }));
}
const cpu = () => {
  const used = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage();
  return (used.user + used.system) / 1000;
};
// Passages between blank lines, asked a question that names nothing: the shipped word
// vectors read them (section-meaning.ts), as a retrieval chain's English passages.
const query = layout === 'passages' ? 'when did the ferry leave the pier?' : 'When did the ferry leave Oslo?';
warmUpEngine(WORKER_WARM_UP_CHARACTERS, WORKER_WARM_UP_CALLS);
const costs = [];
for (let call = 0; call < 6; call++) {
  const params = { context: context(call + 1), query, level: 'standard' };
  const started = cpu();
  compressContext(params);
  costs.push(cpu() - started);
}
console.log(JSON.stringify(costs));
`;

/** CPU times in ms of the six calls: the first, then the steady ones. */
async function costs(layout: string): Promise<number[]> {
  const stripTypes = process.features.typescript ? [] : ['--experimental-strip-types'];
  const { stdout } = await run(
    process.execPath,
    [...stripTypes, '--conditions=@ctxopt/source', '--input-type=module', '-e', SCRIPT, layout],
    { cwd: packageFolder, timeout: 90_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as number[];
}

function ratio(measured: number[]): number {
  const steady = measured.slice(1).sort((a, b) => a - b);
  return measured[0]! / steady[Math.floor(steady.length / 2)]!;
}

/**
 * With a warm-up on Markdown alone and a question none of whose words it held, the first
 * call measured 1.57 to 1.97 times the next ones in every layout (three fresh processes a
 * layout, 2 cores, load average 12 to 15); with layouts, a conversation and questions
 * over the text's own words, 0.96 to 1.25.
 */
const FIRST_CALL_BOUND = 1.4;

/**
 * English passages asked a question that names nothing run the word-vector loops too
 * (section-meaning.ts), whose first calls stay the least settled: with the warm-up's call
 * on such passages, 0.9 to 1.7 times the next ones; without it, 3.0 to 3.3 (a second
 * warm-up call on them left 2.8 and 2.9 in two processes of 30). So this layout is held to
 * the goal itself, 2x.
 */
const FIRST_CALL_BOUNDS: Record<string, number> = { passages: 2 };

/** Fresh processes measured before a layout fails: a collection or a burst of load can land on any one call. */
const MEASUREMENTS = 3;

describe("a worker's warm-up", () => {
  it.each(['lines', 'documents', 'markdown', 'messages', 'passages'])(
    'leaves a first large request laid out as %s within its bound of the CPU of the next ones',
    async (layout) => {
      const bound = FIRST_CALL_BOUNDS[layout] ?? FIRST_CALL_BOUND;
      let measured = await costs(layout);
      for (let again = 1; again < MEASUREMENTS && ratio(measured) >= bound; again++) {
        measured = await costs(layout);
      }
      expect(ratio(measured), JSON.stringify(measured)).toBeLessThan(bound);
    },
    200_000,
  );
});

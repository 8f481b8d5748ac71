import type { ContextMessage } from '@ctxopt/core';
import { compressContext } from '../engine/compress-context.ts';
import { type WarmUpLayout, warmUpText } from './warm-up-text.ts';

/** Characters of warm-up text for the thread that runs small requests. */
export const SMALL_WARM_UP_CHARACTERS = 12_000;
/**
 * Characters of warm-up text for a worker, which runs the large requests: a first call on
 * a few hundred kilobytes cost 5 to 10 times the next ones after a warm-up of a few
 * kilobytes (the compiler and the heap had only seen small inputs), 1.5 to 3 times after a
 * few hundred kilobytes (measured on 400,000 characters, 2 cores, loaded).
 */
export const WORKER_WARM_UP_CHARACTERS = 400_000;

/**
 * Calls the worker's warm-up text is split into, half of them on text of one-byte strings
 * and half on two-byte ones (warm-up-text.ts). The compiler optimizes a function after it
 * has been called often enough, not during one long call: one call on one repeated
 * paragraph left a first large call at 2 to 3.5 times the CPU of the next ones; four calls
 * on varied text at 1.4 to 1.9 times, eight at 1.2 to 1.5 (cold-start.test.ts, 400,000
 * characters of prose through `LocalContextOptimizer`, 2 cores, loaded).
 */
export const WORKER_WARM_UP_CALLS = 8;

/**
 * Questions asked of the warm-up text, one a call in turn. Each shares words with the text
 * (common words, a name), so the engine's query paths (term weights, query echoes, the
 * bridge pass) run as a real request's do: with a question none of whose words the text
 * held, they first ran, and were compiled, on the first request (400,000 characters with a
 * question: 1.6 to 1.9 times the CPU of the next calls in one thread, 0.7 to 0.95 with
 * these).
 */
const WARM_UP_QUERIES = [
  'Which release version has the payment error?',
  'When did Marta update the server config?',
  'How many users read the report before the meeting?',
];

/** A question of the `plain` text's words that names nothing (no capitalised word past its first). */
const MEANING_QUERY = 'how many users read the report before the meeting?';

/**
 * Layouts of the warm-up context, one a call in turn (warm-up-text.ts says why), and a
 * conversation: a message array takes code of its own too (400,000 characters of messages
 * cost 1.6 to 1.7 times the next calls after a warm-up on text alone).
 */
const WARM_UP_LAYOUTS: (WarmUpLayout | 'messages')[] = [
  'markdown',
  'lines',
  'documents',
  'messages',
];

/**
 * One call's warm-up context: text in `layout`, or for `messages` the `lines` text as a
 * conversation, a paragraph a message, user and assistant in turn.
 */
function warmUpContext(
  characters: number,
  seed: number,
  wide: boolean,
  layout: WarmUpLayout | 'messages',
): string | ContextMessage[] {
  if (layout !== 'messages') return warmUpText(characters, seed, wide, layout);
  return warmUpText(characters, seed, wide, 'lines')
    .split('\n')
    .map((content, turn) => ({ role: turn % 2 === 0 ? 'user' : 'assistant', content }));
}

/**
 * Loads the tokenizer (~150 ms, synchronously) and compiles the engine's code paths on
 * `characters` characters of varied text (warm-up-text.ts) in `calls` calls, so that a
 * first request costs what the next ones do. Each layout is met with one-byte and with
 * two-byte strings once `calls` reaches 8. Run where the wait blocks no caller: as a
 * worker starts, and as the emulator starts.
 */
export function warmUpEngine(characters = SMALL_WARM_UP_CHARACTERS, calls = 4): void {
  // Every number of up to three digits, the tokenizer's chunks for digits: counted once
  // here, not by the first request that holds many numbers.
  const numbers = [
    Array.from({ length: 1000 }, (_, number) => String(number).padStart(3, '0')).join(' '),
    Array.from({ length: 1000 }, (_, number) => number).join(', '),
  ].join('\n\n');
  for (let call = 0; call < calls; call++) {
    const layout = WARM_UP_LAYOUTS[call % WARM_UP_LAYOUTS.length]!;
    const wide = Math.floor(call / WARM_UP_LAYOUTS.length) % 2 === 1;
    const context = warmUpContext(Math.ceil(characters / calls), call + 1, wide, layout);
    compressContext({
      context: typeof context === 'string' && call === 0 ? `${context}\n\n${numbers}` : context,
      query: WARM_UP_QUERIES[call % WARM_UP_QUERIES.length]!,
      level: 'standard',
    });
  }
  // One call more, last, on text the word vectors read, with a question that names nothing:
  // their loops (section-meaning.ts) ran first on a request's 400,000 characters, 40 to 60 ms
  // of CPU over the next calls', the first large request 1.6 to 1.9 times the steady median
  // (3.0 to 3.3 times in a fresh worker, warm-up.timing.test.ts).
  compressContext({
    context: warmUpText(Math.ceil(characters / calls), calls + 1, false, 'plain'),
    query: MEANING_QUERY,
    level: 'standard',
  });
}

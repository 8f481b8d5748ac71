import { compressContext } from '../engine/compress-context.ts';
import { warmUpText } from './warm-up-text.ts';

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
 * Loads the tokenizer (~150 ms, synchronously) and compiles the engine's code paths on
 * `characters` characters of varied text (warm-up-text.ts) in `calls` calls, so that a
 * first request costs what the next ones do. Run where the wait blocks no caller: as a
 * worker starts, and as the emulator starts.
 */
export function warmUpEngine(characters = SMALL_WARM_UP_CHARACTERS, calls = 2): void {
  for (let call = 0; call < calls; call++) {
    const text = [warmUpText(Math.ceil(characters / calls), call + 1, call % 2 === 1)];
    // Every number of up to three digits, the tokenizer's chunks for digits: counted once
    // here, not by the first request that holds many numbers.
    if (call === 0) {
      text.push(
        Array.from({ length: 1000 }, (_, number) => String(number).padStart(3, '0')).join(' '),
      );
      text.push(Array.from({ length: 1000 }, (_, number) => number).join(', '));
    }
    compressContext({
      context: text.join('\n\n'),
      query: 'When did the pier reopen?',
      level: 'standard',
    });
  }
}

import { compressContext } from '../engine/compress-context.ts';

/** Pages of warm-up text (~450 characters each) for the thread that runs small requests. */
export const SMALL_WARM_UP_PAGES = 25;
/**
 * Pages of warm-up text for a worker, which runs the large requests: a first call on a few
 * hundred kilobytes cost 5 to 10 times the next ones after a warm-up of a few pages (the
 * compiler and the heap had only seen small inputs), 1.5 to 3 times after a few hundred
 * kilobytes (measured on 400,000 characters of prose, 2 cores, loaded).
 */
export const WORKER_WARM_UP_PAGES = 600;

/**
 * Loads the tokenizer (~150 ms, synchronously) and compiles the engine's code paths on
 * `pages` pages of text, so that a first request costs what the next ones do. Run where
 * the wait blocks no caller: as a worker starts, and as the emulator starts.
 */
export function warmUpEngine(pages = SMALL_WARM_UP_PAGES): void {
  const text: string[] = [];
  for (let page = 0; page < pages; page++) {
    text.push(
      `# Log ${page}\n\nThe harbour authority reopened the northern pier on ${(page % 28) + 1} March ${2000 + page}. ` +
        `Marta approved invoice ${4471 + page * 37} for the crane, and the ferry sailed at ${page % 24}:15.\n\n` +
        `- replace the signal battery ${page}\n- check the crane\n\n| pier | status |\n| --- | --- |\n| north | open |\n\n` +
        `The council met on day ${page * 13} and the ferry timetable changed after the storm. ` +
        `Oduya said the bridge ledger ${page * 7919} was late, so the station kept the old signal. `,
    );
  }
  // Every number of up to three digits, the tokenizer's chunks for digits: counted once here,
  // not by the first request that holds many numbers.
  text.push(Array.from({ length: 1000 }, (_, number) => String(number).padStart(3, '0')).join(' '));
  text.push(Array.from({ length: 1000 }, (_, number) => number).join(', '));
  compressContext({
    context: text.join('\n'),
    query: 'When did the pier reopen?',
    level: 'standard',
  });
}

import { compressContext } from '../engine/compress-context.ts';

/**
 * Loads the tokenizer (~150 ms, synchronously) and compiles the engine's code paths on a
 * short text, so that a first request costs what the next ones do. Run where the wait
 * blocks no caller: as a worker starts, and as the emulator starts.
 */
export function warmUpEngine(): void {
  compressContext({
    context:
      '# Warm-up\n\nThe harbour authority reopened the northern pier on 14 March 2024. ' +
      'Marta approved invoice 4471.\n\n- replace the signal battery\n- check the crane\n\n' +
      '| pier | status |\n| --- | --- |\n| north | open |\n',
    query: 'When did the pier reopen?',
    level: 'standard',
  });
}

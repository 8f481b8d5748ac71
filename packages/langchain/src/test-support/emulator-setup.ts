import { type Emulator, type EmulatorOptions, startEmulator } from '@ctxopt/local';

/**
 * Starts an emulator per test and closes it afterwards; `closedURL` gives the address of
 * an emulator that was started and closed again, where nothing listens any more.
 */
export function emulatorFixture() {
  const running: Emulator[] = [];
  return {
    async start(options: EmulatorOptions = {}) {
      const emulator = await startEmulator(options);
      running.push(emulator);
      return emulator;
    },
    async closedURL() {
      const emulator = await startEmulator();
      await emulator.close();
      return emulator.url;
    },
    async closeAll() {
      await Promise.all(running.splice(0).map((emulator) => emulator.close()));
    },
  };
}

/** Client options for the emulator; no retries, so a failure shows at once. */
export function emulatorClient(emulator: { url: string; apiKey: string }) {
  return { baseURL: emulator.url, apiKey: emulator.apiKey, maxRetries: 0 };
}

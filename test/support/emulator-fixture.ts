import { type Emulator, startEmulator } from '@ctxopt/local';
import { afterEach, beforeEach } from 'vitest';

/** A fresh emulator for each test of the calling file, closed after it; counts its compress calls. */
export function useEmulator() {
  let emulator: Emulator | undefined;
  beforeEach(async () => {
    emulator = await startEmulator();
  });
  afterEach(async () => {
    await emulator?.close();
  });
  const current = () => {
    if (!emulator) throw new Error('the emulator runs only inside a test');
    return emulator;
  };
  return {
    client: () => ({ apiKey: current().apiKey, baseURL: current().url }),
    compressCalls: () =>
      current().requests.filter((request) => request.path === '/v1/compress').length,
  };
}

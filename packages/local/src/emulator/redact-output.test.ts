import { type RequestRecord, startEmulator } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { LONG_CONTEXT, send } from './testing/send.ts';

const PROVIDER_KEY = 'sk-provider-redact-9e8d7c6b';
const SECOND_API_KEY = 'ctxopt-second-key-4a5b6c';

describe('what leaves the emulator', () => {
  it('never carries a configured key, even one the caller itself sent in', async () => {
    const records: RequestRecord[] = [];
    const emulator = await startEmulator({
      apiKeys: ['ctxopt-first-key-1a2b3c', SECOND_API_KEY],
      providerKeys: { anthropic: PROVIDER_KEY },
      onRequest: (record) => records.push(record),
    });
    try {
      const context = `${LONG_CONTEXT} The vault holds ${PROVIDER_KEY} and ${SECOND_API_KEY}.`;
      const received = await send(emulator, {
        body: { context, query: 'What does the vault hold?' },
        idempotencyKey: PROVIDER_KEY,
      });
      expect(received.status).toBe(200);
      expect(received.text).not.toContain(PROVIDER_KEY);
      expect(received.text).not.toContain(SECOND_API_KEY);
      expect(received.json.data.compressed).toContain('The vault holds *** and ***.');
      expect(JSON.stringify(records)).not.toContain(PROVIDER_KEY);
      expect(JSON.stringify(emulator.requests)).not.toContain(PROVIDER_KEY);

      // The replay is the same bytes as the first answer.
      const replayed = await send(emulator, {
        body: { context, query: 'What does the vault hold?' },
        idempotencyKey: PROVIDER_KEY,
      });
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.text).toBe(received.text);
    } finally {
      await emulator.close();
    }
  });
});

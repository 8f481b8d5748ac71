import {
  type APIError,
  ContextOptimizerClient,
  RateLimitError,
  summarizeError,
} from '@ctxopt/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startEchoingGateway } from '../../../test/support/echoing-gateway.ts';
import { capturingLogger } from './test-support/capturing-logger.ts';

const API_KEY = 'sk-ctxopt-echoed-4c1f9e0b7a';
let gateway: Awaited<ReturnType<typeof startEchoingGateway>> | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** A client with a capturing logger, in front of a gateway that echoes its key. */
async function echoedClient(status: number, body: (authorization: string) => unknown) {
  gateway = await startEchoingGateway({ status, body });
  const { logger, lines } = capturingLogger();
  const client = new ContextOptimizerClient({
    apiKey: API_KEY,
    baseURL: gateway.url,
    logger,
    logLevel: 'debug',
  });
  return { client, lines };
}

describe('a server that echoes the API key', () => {
  it('never gets the key into the error, its stack, its JSON, its headers or a log line', async () => {
    const { client, lines } = await echoedClient(429, (authorization) => ({
      success: false,
      requestId: `req_${authorization}`,
      error: { code: `denied_${API_KEY}`, message: `Rejected ${authorization} at the gateway.` },
    }));
    const error = await client.compress({ context: 'x' }).catch((caught: unknown) => caught);
    expect(RateLimitError.isInstance(error)).toBe(true);
    const apiError = error as APIError;
    const views = [
      String(error),
      apiError.message,
      apiError.stack ?? '',
      JSON.stringify(error),
      JSON.stringify(summarizeError(error)),
      String(apiError.code),
      String(apiError.requestId),
      JSON.stringify(apiError.headers),
      ...lines,
    ];
    for (const view of views) expect(view).not.toContain(API_KEY);
    // What the server said is still there, with the key blanked out.
    expect(apiError).toMatchObject({ status: 429, code: 'denied_***', requestId: 'req_***' });
    expect(apiError.message).toContain('Rejected *** at the gateway.');
    expect(apiError.headers['x-debug-authorization']).toBe('***');
    expect(lines.length).toBeGreaterThan(0);
  });

  it('never gets the key into a result’s requestId, its status or the log line of a success', async () => {
    const { client, lines } = await echoedClient(200, (authorization) => ({
      success: true,
      requestId: `req_${authorization}`,
      data: { compressed: 'short' },
      compression: { status: `compressed for ${authorization}` },
      usage: {
        request: { inputTokens: 9, compressedTokens: 1, savedTokens: 8, reductionPct: 88.9 },
        monthly: { limitTokens: 1, usedTokens: 1, remainingTokens: 0, resetsAt: 'x' },
      },
    }));
    const result = await client.compress({ context: 'x' });
    expect(result.requestId).toBe('req_***');
    expect(result.compression.status).toBe('compressed for ***');
    for (const line of lines) expect(line).not.toContain(API_KEY);
    expect(lines.join('\n')).toContain('req_***');
  });
});

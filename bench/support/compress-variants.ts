import { randomUUID } from 'node:crypto';
import { type Agent, request } from 'undici';
// bench/ is not a workspace package, so it reaches the client's source by path.
import {
  type CompressParams,
  ContextOptimizerClient,
  VERSION,
} from '../../packages/core/src/index.ts';
import { compressRequestParams } from './compress-fixture.ts';
import type { Task } from './load.ts';

export type CompressVariant = 'undici' | 'client' | 'fetch';

export interface CompressVariantsOptions {
  /** The service's base address, without `/v1`. */
  baseURL: string;
  /** The keep-alive Agent the client and the undici variant share. */
  agent: Agent;
  /** @default 'sk-bench-0123456789abcdef' */
  apiKey?: string;
  /** The body every variant sends. @default compressRequestParams() */
  params?: CompressParams;
}

/**
 * Three ways to make the same `POST /v1/compress` call, each a `Task`: the same body,
 * the same headers, a fresh Idempotency-Key per call.
 *   - undici: a hand-written `undici.request` + `body.json()`: the least any client must do
 *   - client: `ContextOptimizerClient.compress`, on the same Agent
 *   - fetch:  `JSON.stringify` + global `fetch` + `response.json()`, as other SDKs do
 */
export function compressVariants(options: CompressVariantsOptions): Record<CompressVariant, Task> {
  const { baseURL, agent, apiKey = 'sk-bench-0123456789abcdef' } = options;
  const params = options.params ?? compressRequestParams();
  const client = new ContextOptimizerClient({ apiKey, baseURL, dispatcher: agent });
  const endpoint = `${baseURL}/v1/compress`;
  const userAgent = `@ctxopt/core/${VERSION} node/${process.versions.node}`;
  // The headers the client sends, with a fresh key per operation as the contract asks.
  const headers = () => ({
    accept: 'application/json',
    'content-type': 'application/json',
    'user-agent': userAgent,
    authorization: `Bearer ${apiKey}`,
    'idempotency-key': `ctxopt-${randomUUID()}`,
  });
  return {
    undici: async () => {
      const response = await request(endpoint, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(params),
        dispatcher: agent,
      });
      const body = await response.body.json();
      if (response.statusCode !== 200) throw new Error(`undici: status ${response.statusCode}`);
      return body;
    },
    client: () => client.compress(params),
    // The global fetch keeps its own keep-alive pool; an undici 8 Agent cannot be passed to it.
    fetch: async () => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(params),
      });
      const body = await response.json();
      if (!response.ok) throw new Error(`fetch: status ${response.status}`);
      return body;
    },
  };
}

/** Each variant must really get a compress success body (spec 2.3) before its time counts. */
export async function checkCompressVariants(tasks: Record<CompressVariant, Task>) {
  for (const [name, task] of Object.entries(tasks)) {
    const body = (await task()) as { success?: unknown; data?: { compressed?: unknown } };
    if (body.success !== true || typeof body.data?.compressed !== 'string') {
      throw new Error(`${name}: unexpected response ${JSON.stringify(body).slice(0, 200)}`);
    }
  }
}

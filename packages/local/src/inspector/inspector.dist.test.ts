import {
  type Emulator,
  type InspectorState,
  type OperationDetail,
  startEmulator,
} from '@ctxopt/local';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { LONG_CONTEXT, send } from '../emulator/testing/send.ts';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await request(`${emulator!.url}${path}`, { headers });
  const text = await response.body.text();
  return { status: response.statusCode, headers: response.headers, text };
}

async function state(): Promise<InspectorState> {
  const response = await get('/inspector/api/state');
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
}

async function detail(id: number): Promise<OperationDetail> {
  const response = await get(`/inspector/api/operations/${id}`);
  expect(response.status).toBe(200);
  return JSON.parse(response.text);
}

const query = 'What is the capital of France?';

describe('the inspector', () => {
  it('lists the operations served, newest first, with their figures, replays, 409s and faults', async () => {
    emulator = await startEmulator();
    const first = await send(emulator, {
      body: { context: LONG_CONTEXT, query, level: 'ultra' },
      idempotencyKey: 'inspector-key-1',
    });
    const replay = await send(emulator, {
      body: { context: LONG_CONTEXT, query, level: 'ultra' },
      idempotencyKey: 'inspector-key-1',
    });
    const conflict = await send(emulator, {
      body: { context: `${LONG_CONTEXT} More.`, query },
      idempotencyKey: 'inspector-key-1',
    });
    emulator.faults.failNext(1, { status: 503 });
    const faulted = await send(emulator, { body: { context: LONG_CONTEXT, query } });
    const generated = await send(emulator, {
      path: '/v1/generate',
      body: {
        context: LONG_CONTEXT,
        query,
        provider: 'openai',
        model: 'gpt-4o-mini',
        mode: 'balanced',
      },
    });
    expect([
      first.status,
      replay.status,
      conflict.status,
      faulted.status,
      generated.status,
    ]).toEqual([200, 200, 409, 503, 200]);

    const { operations, savings, quota, inspector } = await state();
    expect(operations.map((operation: { requestId: string }) => operation.requestId)).toEqual([
      generated.json.requestId,
      faulted.json.requestId,
      conflict.json.requestId,
      first.json.requestId, // the replay answers with the original requestId
      first.json.requestId,
    ]);
    const [generateRow, faultRow, conflictRow, replayRow, firstRow] = operations;
    expect(firstRow).toMatchObject({
      endpoint: '/v1/compress',
      method: 'POST',
      operation: 'compress',
      level: 'ultra',
      status: 200,
      replayed: false,
      conflict: false,
      compression: 'compressed',
      inputTokens: first.json.usage.request.inputTokens,
      compressedTokens: first.json.usage.request.compressedTokens,
      savedTokens: first.json.usage.request.savedTokens,
      reductionPct: first.json.usage.request.reductionPct,
    });
    expect(Date.parse(firstRow!.time)).not.toBeNaN();
    expect(replayRow).toMatchObject({ status: 200, replayed: true });
    expect(conflictRow).toMatchObject({
      status: 409,
      conflict: true,
      code: 'idempotency_key_reused',
    });
    expect(faultRow).toMatchObject({ status: 503, fault: 'fail', code: 'injected_fault' });
    expect(generateRow).toMatchObject({
      endpoint: '/v1/generate',
      mode: 'balanced',
      provider: 'openai',
      model: 'gpt-4o-mini',
      savedTokens: generated.json.usage.request.savedTokens,
    });
    // The replay saved nothing new: two charged operations on the chart.
    expect(savings.points).toHaveLength(2);
    expect(savings.totalSavedTokens).toBe(
      first.json.usage.request.savedTokens + generated.json.usage.request.savedTokens,
    );
    expect(quota).toEqual([
      {
        label: 'API key',
        operations: 2,
        ...generated.json.usage.monthly,
      },
    ]);
    expect(inspector).toMatchObject({
      maxOperations: 100,
      maxTextChars: 65_536,
      recordedOperations: 5,
    });
    // Its own pages are not API requests.
    expect(emulator.requests).toHaveLength(5);
    expect(emulator.requestCount).toBe(5);
  });

  it('shows one operation: the query, the original and the compressed text, each sentence kept or dropped', async () => {
    emulator = await startEmulator();
    const answered = await send(emulator, { body: { context: LONG_CONTEXT, query } });
    const [row] = (await state()).operations;
    const shown = await detail(row!.id);
    expect(shown).toMatchObject({
      requestId: answered.json.requestId,
      query,
      context: { chars: LONG_CONTEXT.length, truncated: false },
      compressed: { text: answered.json.data.compressed, source: 'response' },
      answer: null,
    });
    const segments = shown.segments ?? [];
    expect(segments.map((segment) => segment.text).join('')).toBe(LONG_CONTEXT);
    const kept = segments.filter((segment) => segment.kept).map((segment) => segment.text.trim());
    const dropped = segments
      .filter((segment) => !segment.kept)
      .map((segment) => segment.text.trim());
    expect(kept).toContain('Paris is the capital of France and its largest city.');
    expect(dropped).toContain('Octopuses have three hearts and blue blood.');
    for (const sentence of dropped) expect(answered.json.data.compressed).not.toContain(sentence);
    expect(kept.join(' ')).toBe(answered.json.data.compressed.replace(/\s+/g, ' '));
  });

  it('gives each sentence its score, reason and signals, the wire answer left as the service’s', async () => {
    emulator = await startEmulator();
    const answered = await send(emulator, { body: { context: LONG_CONTEXT, query } });
    // The emulator answers what the contract lists: no explanation on the wire.
    expect(answered.json.compression).toEqual({ status: 'compressed' });
    const [row] = (await state()).operations;
    const segments = (await detail(row!.id)).segments ?? [];
    const answer = segments.find((segment) => segment.text.includes('Paris is the capital'))!;
    expect(answer).toMatchObject({ kept: true, reason: 'selected' });
    expect(answer.signals!.query).toBeGreaterThan(0);
    const octopus = segments.find((segment) => segment.text.includes('Octopuses'))!;
    expect(octopus.kept).toBe(false);
    expect(octopus.score!).toBeLessThan(answer.score!);
    for (const segment of segments) {
      if (!segment.text.trim()) continue;
      expect(typeof segment.score).toBe('number');
      // The explanation agrees with the text answered.
      expect(['selected', 'companion', 'filler', 'fallback'].includes(segment.reason!)).toBe(
        segment.kept,
      );
    }
  });

  it('shows a generate operation with its answer and the compressed text computed again', async () => {
    emulator = await startEmulator();
    const answered = await send(emulator, {
      path: '/v1/generate',
      body: { context: LONG_CONTEXT, query, provider: 'anthropic', model: 'claude-haiku-4-5' },
    });
    const shown = await detail((await state()).operations[0]!.id);
    expect(shown.answer).toBe(answered.json.data.answer);
    expect(shown.compressed?.source).toBe('recomputed');
    expect(shown.segments?.some((segment) => !segment.kept)).toBe(true);
    expect(shown.segments?.filter((segment) => segment.kept).length).toBeGreaterThan(0);
  });

  it('keeps the newest operations in a ring of inspectorMaxOperations, texts cut at inspectorMaxTextChars', async () => {
    emulator = await startEmulator({ inspectorMaxOperations: 3, inspectorMaxTextChars: 200 });
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const answered = await send(emulator, {
        body: { context: `${index} ${LONG_CONTEXT}`, query },
      });
      ids.push(answered.json.requestId);
    }
    const { operations, inspector } = await state();
    expect(operations.map((operation: { requestId: string }) => operation.requestId)).toEqual(
      ids.slice(2).reverse(),
    );
    expect(operations.map((operation: { id: number }) => operation.id)).toEqual([5, 4, 3]);
    expect(inspector.recordedOperations).toBe(5);
    expect((await get('/inspector/api/operations/2')).status).toBe(404);
    const newest = await detail(5);
    expect(newest.context).toEqual({ chars: LONG_CONTEXT.length + 2, truncated: true });
    expect(newest.segments?.map((segment) => segment.text).join('')).toHaveLength(200);
    expect(newest.compressed?.text.length).toBeLessThanOrEqual(200);
  });

  it('never shows an API key or a provider key, on the page or in its JSON', async () => {
    const apiKeys = ['ctxopt-inspector-test-key-0001', 'ctxopt-inspector-test-key-0002'];
    const providerKeys = {
      openai: 'sk-openai-inspector-secret-42',
      google: 'AIza-inspector-secret-42',
    };
    const secrets = [...apiKeys, ...Object.values(providerKeys)];
    emulator = await startEmulator({ apiKeys, providerKeys });
    // A caller pasted every key into the context and the query.
    const leaky = `${LONG_CONTEXT} The key is ${secrets.join(' and ')}. Paris is lovely in spring.`;
    await send(emulator, { body: { context: leaky, query: `${query} ${apiKeys[1]}` } });
    await send(emulator, { body: { context: [{ role: 'user', content: leaky }], query } });
    await send(emulator, { apiKey: apiKeys[1], body: { context: leaky } });
    await send(emulator, { apiKey: 'not-a-key', body: { context: leaky } });
    const pages = [
      await get('/'),
      await get('/inspector/inspector.js'),
      await get('/inspector/inspector.css'),
      await get('/inspector/api/state'),
    ];
    for (const operation of JSON.parse(pages[3]!.text).operations) {
      pages.push(await get(`/inspector/api/operations/${operation.id}`));
    }
    expect(pages).toHaveLength(8);
    for (const page of pages) {
      expect(page.status).toBe(200);
      for (const secret of secrets) expect(page.text).not.toContain(secret);
    }
    expect(pages.slice(4).some((page) => page.text.includes('***'))).toBe(true);
    expect(
      JSON.parse(pages[3]!.text).quota.map((account: { label: string }) => account.label),
    ).toEqual(['API key 1', 'API key 2']);
  });

  it('scrubs every form of a key: raw, JSON-escaped (a key with " or \\) and URL-encoded', async () => {
    const apiKey = 'ctxopt"odd\\key/with&forms%1';
    const forms = [
      apiKey,
      JSON.stringify(apiKey).slice(1, -1),
      encodeURIComponent(apiKey),
      encodeURIComponent(apiKey).toLowerCase(),
    ];
    emulator = await startEmulator({ apiKeys: [apiKey] });
    const leaky = `${LONG_CONTEXT} Raw ${forms[0]}, escaped ${forms[1]}, encoded ${forms[2]} and ${forms[3]}.`;
    const generate = { context: leaky, query: `${query} ${forms[1]}`, provider: 'openai' };
    await send(emulator, { path: '/v1/generate', body: { ...generate, model: `m-${apiKey}` } });
    await send(emulator, { body: { context: [{ role: `r-${forms[2]}`, content: leaky }] } });
    await send(emulator, { path: `/v1/${encodeURIComponent(apiKey)}`, body: { context: leaky } });
    const pages = [await get('/'), await get('/inspector/api/state')];
    for (const operation of JSON.parse(pages[1]!.text).operations) {
      pages.push(await get(`/inspector/api/operations/${operation.id}`));
    }
    expect(pages).toHaveLength(5);
    for (const page of pages) {
      expect(page.status).toBe(200);
      for (const form of forms) expect(page.text).not.toContain(form);
      if (page.text.startsWith('{')) expect(() => JSON.parse(page.text)).not.toThrow();
    }
    expect(JSON.stringify(emulator.requests)).not.toContain(encodeURIComponent(apiKey));
  });

  it('keeps a bounded prefix of every field, with the length as sent', async () => {
    emulator = await startEmulator();
    const model = `gpt-${'x'.repeat(5_000)}`;
    const role = `user-${'r'.repeat(5_000)}`;
    await send(emulator, {
      path: '/v1/generate',
      body: { context: [{ role, content: LONG_CONTEXT }], query, provider: 'openai', model },
    });
    const [summary] = (await state()).operations;
    expect(summary!.model).toHaveLength(256);
    expect(summary!.modelChars).toBe(model.length);
    expect(summary!.provider).toBe('openai');
    expect(summary!.providerChars).toBeUndefined();
    const operation = await detail(summary!.id);
    expect(operation.context!.chars).toBe(role.length + LONG_CONTEXT.length);
    expect(JSON.stringify(operation)).not.toContain('r'.repeat(300));
  });

  it('pages the state: at most 100 operations a page, older ones through ?before=', async () => {
    emulator = await startEmulator();
    for (let index = 0; index < 5; index++) {
      await send(emulator, { body: { context: LONG_CONTEXT, query } });
    }
    const first = JSON.parse((await get('/inspector/api/state?limit=2')).text) as InspectorState;
    expect(first.operations.map((operation) => operation.id)).toEqual([5, 4]);
    expect(first.nextBefore).toBe(4);
    const second = JSON.parse(
      (await get(`/inspector/api/state?limit=2&before=${first.nextBefore}`)).text,
    ) as InspectorState;
    expect(second.operations.map((operation) => operation.id)).toEqual([3, 2]);
    const last = JSON.parse(
      (await get(`/inspector/api/state?limit=2&before=${second.nextBefore}`)).text,
    ) as InspectorState;
    expect(last.operations.map((operation) => operation.id)).toEqual([1]);
    expect(last.nextBefore).toBeNull();
    expect((await state()).nextBefore).toBeNull();
    for (const bad of ['limit=0', 'limit=101', 'limit=x', 'before=-1']) {
      const refused = await get(`/inspector/api/state?${bad}`);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text).error).toMatch(/^(limit|before) must be/);
    }
  });

  it('serves the page with a strict Content-Security-Policy, and only to loopback hosts', async () => {
    emulator = await startEmulator();
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<script src="/inspector/inspector.js" defer></script>');
    // A DNS name that resolves to 127.0.0.1 is another origin: refused.
    const rebound = await get('/inspector/api/state', { host: 'attacker.example:8787' });
    expect(rebound.status).toBe(403);
    expect((await get('/', { host: `localhost:${emulator.port}` })).status).toBe(200);
    expect(emulator.inspectorUrl).toBe(`${emulator.url}/`);
    // The browser's icon request is answered, and none of these is an API request.
    expect((await get('/favicon.ico')).status).toBe(204);
    expect(emulator.requests).toHaveLength(0);
  });

  it('is off with inspector: false, and / answers like any unknown API path', async () => {
    emulator = await startEmulator({ inspector: false });
    const page = await get('/');
    expect(page.status).toBe(404);
    expect(JSON.parse(page.text)).toMatchObject({ success: false, error: { code: 'not_found' } });
    expect(emulator.inspectorUrl).toBeUndefined();
  });

  it('shows the shadow evaluation figures an app hands over (onShadow: emulator.recordShadow)', async () => {
    emulator = await startEmulator();
    expect((await state()).shadow).toBeUndefined();
    const figure = {
      level: 'ultra',
      kind: 'history' as const,
      judged: 20,
      agreed: 15,
      rate: 0.75,
      lower: 0.53,
      upper: 0.89,
    };
    emulator.recordShadow({
      type: 'judged',
      agree: false,
      score: 0.4,
      reasons: ['numbers differ: 4711'],
      level: 'ultra',
      kinds: ['history'],
      savedTokens: 800,
      promptTokens: 1000,
      shadowInputTokens: 1000,
      durationMs: 12,
      agreement: [figure],
    });
    emulator.recordShadow({
      type: 'level-change',
      kind: 'history',
      base: 'ultra',
      from: 'ultra',
      to: 'standard',
      reason: 'agreement',
      agreement: figure,
      call: 120,
    });
    emulator.recordShadow({
      type: 'observed',
      level: 'standard',
      kinds: ['history'],
      promptTokens: 1000,
      savedTokens: 600,
      reductionPct: 60,
      spans: [],
    });
    expect((await state()).shadow).toEqual({
      agreement: [figure],
      changes: [
        {
          time: expect.any(String),
          kind: 'history',
          from: 'ultra',
          to: 'standard',
          reason: 'agreement',
        },
      ],
      observed: { calls: 1, savedTokens: 600 },
      failures: 0,
    });
  });
});

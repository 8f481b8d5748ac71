#!/usr/bin/env node
// Runs first: a clear error on a Node.js older than the packages support, before undici loads.
import '@ctxopt/core/node-version-guard';
import { parseArgs } from 'node:util';
import {
  DEFAULT_HOST,
  DEFAULT_MAX_BODY_BYTES,
  type EmulatorOptions,
} from './emulator/emulator-options.ts';
import { DEFAULT_LIMIT_TOKENS } from './emulator/quota-ledger.ts';
import type { RequestRecord } from './emulator/request-record.ts';
import { startEmulator } from './emulator/start-emulator.ts';
import { type SupportedProvider, supportedProviders } from './providers/provider-registry.ts';

const usage = `Usage: ctxopt-emulator [options]

Runs the Context Optimization API emulator (POST /v1/compress, POST /v1/generate).

Options:
  --port <n>            Port to listen on; 0 picks a free one.    (default 8787)
  --host <address>      Interface to listen on.                   (default ${DEFAULT_HOST})
  --api-key <key>       An accepted API key; repeat for more.     (default env CTXOPT_API_KEY,
                        else a generated development key, printed at start)
  --limit-tokens <n>    Monthly token quota per API key.          (default ${DEFAULT_LIMIT_TOKENS})
  --max-body-bytes <n>  Largest request body accepted.            (default ${DEFAULT_MAX_BODY_BYTES})
  --no-offline          Refuse generate for a provider without a key (400 provider_not_configured)
                        instead of answering with the offline adapter.
  --no-inspector        Do not serve the inspector page at / (on by default, loopback only).
  --quiet               Do not log one line per request.
  -h, --help            Show this help.

Provider keys (the emulator's stand-in for keys verified in the customer panel) come from
CTXOPT_OPENAI_API_KEY, CTXOPT_ANTHROPIC_API_KEY and CTXOPT_GOOGLE_API_KEY; base URLs from
CTXOPT_OPENAI_BASE_URL, CTXOPT_ANTHROPIC_BASE_URL and CTXOPT_GOOGLE_BASE_URL.`;

function fail(message: string): never {
  process.stderr.write(`ctxopt-emulator: ${message}\n\n${usage}\n`);
  process.exit(2);
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number))
    fail(`--${name} must be a non-negative integer (got "${value}").`);
  return number;
}

function environment(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function logLine(record: RequestRecord): string {
  const parts = [new Date().toISOString(), record.requestId, record.method, record.path];
  parts.push(record.status === null ? 'dropped' : String(record.status), `${record.durationMs}ms`);
  if (record.code) parts.push(record.code);
  if (record.replayed) parts.push('replayed');
  if (record.fault) parts.push(`fault=${record.fault}`);
  return parts.join(' ');
}

async function main() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const givenKeys = values['api-key']?.length
    ? values['api-key']
    : [environment('CTXOPT_API_KEY')].filter((key) => key !== undefined);
  const providerKeys: Partial<Record<SupportedProvider, string>> = {};
  const providerBaseURLs: Partial<Record<SupportedProvider, string>> = {};
  for (const provider of supportedProviders) {
    const upper = provider.toUpperCase();
    const key = environment(`CTXOPT_${upper}_API_KEY`);
    const baseURL = environment(`CTXOPT_${upper}_BASE_URL`);
    if (key) providerKeys[provider] = key;
    if (baseURL) providerBaseURLs[provider] = baseURL;
  }
  const options: EmulatorOptions = {
    port: integer('port', values.port, 8787),
    host: values.host ?? DEFAULT_HOST,
    limitTokens: integer('limit-tokens', values['limit-tokens'], DEFAULT_LIMIT_TOKENS),
    maxBodyBytes: integer('max-body-bytes', values['max-body-bytes'], DEFAULT_MAX_BODY_BYTES),
    offlineProviders: !values['no-offline'],
    inspector: !values['no-inspector'],
    providerKeys,
    providerBaseURLs,
    ...(givenKeys.length ? { apiKeys: givenKeys } : {}),
    ...(values.quiet
      ? {}
      : { onRequest: (record: RequestRecord) => process.stdout.write(`${logLine(record)}\n`) }),
    onError: (error) =>
      process.stderr.write(`internal error: ${(error as Error)?.stack ?? String(error)}\n`),
  };
  const emulator = await startEmulator(options);
  const providers = supportedProviders
    .map(
      (provider) =>
        `${provider} ${providerKeys[provider] ? 'http' : values['no-offline'] ? 'not configured' : 'offline'}`,
    )
    .join(', ');
  const lines = [
    `ctxopt emulator listening on ${emulator.url}`,
    // A key the user supplied may be a real one: it is not printed back.
    givenKeys.length
      ? `  API key:   ${givenKeys.length} key(s) as given`
      : `  API key:   ${emulator.apiKey} (development key, generated)`,
    `  Quota:     ${options.limitTokens} tokens per key per month`,
    `  Providers: ${providers}`,
    ...(emulator.inspectorUrl
      ? [`  Inspector: ${emulator.inspectorUrl} (this machine only)`]
      : options.inspector
        ? [
            `  Inspector: not reachable on ${options.host} (it answers this machine's loopback requests only; listen on 127.0.0.1 or 0.0.0.0 to use it)`,
          ]
        : []),
    '',
    `  export CTXOPT_BASE_URL=${emulator.url}`,
    ...(givenKeys.length ? [] : [`  export CTXOPT_API_KEY=${emulator.apiKey}`]),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write(`${signal}: shutting down\n`);
    emulator.close().then(() => {
      process.stdout.write('emulator closed\n');
      process.exitCode = 0;
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

function parse() {
  return parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string', multiple: true },
      'limit-tokens': { type: 'string' },
      'max-body-bytes': { type: 'string' },
      'no-offline': { type: 'boolean' },
      'no-inspector': { type: 'boolean' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`ctxopt-emulator: ${(error as Error)?.message ?? String(error)}\n`);
  process.exit(1);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the CLI from source with Node (which runs the TypeScript directly) and waits for its banner. */
async function startCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<Running & { url: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@ctxopt/source', CLI, '--port', '0', ...args],
    {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = output.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (match && output.includes('export CTXOPT_BASE_URL')) {
        clearInterval(timer);
        resolve(match[1]!);
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the CLI exited early:\n${output}`));
      }
    }, 20);
  });
  return { child, url, output: () => output, exited };
}

async function compress(url: string, apiKey: string) {
  const response = await request(`${url}/v1/compress`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': 'cli-test-operation-1',
    },
    body: JSON.stringify({ context: 'Paris is the capital of France.' }),
  });
  return {
    status: response.statusCode,
    body: (await response.body.json()) as { requestId: string },
  };
}

describe('ctxopt-emulator', () => {
  it('prints its URL and development key, logs each request by requestId without the key, and stops on SIGTERM', async () => {
    const cli = await startCli([]);
    const apiKey = cli.output().match(/export CTXOPT_API_KEY=(\S+)/)?.[1];
    expect(apiKey).toMatch(/^ctxopt_dev_/);
    const answered = await compress(cli.url, apiKey!);
    expect(answered.status).toBe(200);
    await expect.poll(() => cli.output()).toContain(answered.body.requestId);

    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
    const logLine = cli
      .output()
      .split('\n')
      .find((line) => line.includes(answered.body.requestId))!;
    expect(logLine).toMatch(/ POST \/v1\/compress 200 \d+ms$/);
    const requestLines = cli
      .output()
      .split('\n')
      .filter((line) => /^\d{4}-\d\d-\d\dT/.test(line));
    expect(requestLines).toHaveLength(1);
    expect(requestLines.join('\n')).not.toContain(apiKey);
    expect(cli.output()).toContain('emulator closed');
  }, 20_000);

  it('prints the inspector address and serves it on loopback; --no-inspector turns it off', async () => {
    const cli = await startCli([]);
    expect(cli.output()).toContain(`  Inspector: ${cli.url}/`);
    const page = await request(`${cli.url}/`);
    expect(page.statusCode).toBe(200);
    expect(await page.body.text()).toContain('<title>ctxopt emulator · inspector</title>');
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);

    const without = await startCli(['--no-inspector']);
    expect(without.output()).not.toContain('Inspector:');
    const refused = await request(`${without.url}/`);
    expect(refused.statusCode).toBe(404);
    await refused.body.dump();
    without.child.kill('SIGTERM');
    expect(await without.exited).toBe(0);
  }, 20_000);

  it('takes keys and a quota from its flags, never prints a given key, and stops on SIGINT', async () => {
    const cli = await startCli(['--api-key', 'my-own-key-123456', '--limit-tokens', '5'], {
      CTXOPT_OPENAI_API_KEY: 'sk-provider-secret-1',
    });
    expect(cli.output()).toContain('openai http, anthropic offline, google offline');
    const first = await compress(cli.url, 'my-own-key-123456');
    const refused = await request(`${cli.url}/v1/compress`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer my-own-key-123456',
        'content-type': 'application/json',
        'idempotency-key': 'cli-test-operation-2',
      },
      body: JSON.stringify({ context: 'Another context.' }),
    });
    expect(first.status).toBe(200);
    expect(refused.statusCode).toBe(429);
    await refused.body.dump();
    await expect.poll(() => cli.output()).toContain('429');
    cli.child.kill('SIGINT');
    expect(await cli.exited).toBe(0);
    expect(cli.output()).not.toContain('my-own-key-123456');
    expect(cli.output()).not.toContain('sk-provider-secret-1');
    expect(cli.output()).toMatch(/ 429 \d+ms quota_exceeded/);
  }, 20_000);

  it('exits 2 with its usage for an unknown flag', async () => {
    const child = spawn(process.execPath, ['--conditions=@ctxopt/source', CLI, '--prot', '80'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("Unknown option '--prot'");
    expect(stderr).toContain('Usage: ctxopt-emulator');
  }, 20_000);
});

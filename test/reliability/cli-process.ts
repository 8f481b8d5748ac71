import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const cliPath = fileURLToPath(new URL('../../packages/local/src/cli.ts', import.meta.url));

/** The emulator CLI as a child process, with everything it prints captured. */
export async function startEmulatorProcess(args: string[], env: Record<string, string> = {}) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@ctxopt/source', cliPath, '--port', '0', ...args],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${stderr}`)), 15_000);
    child.stdout?.on('data', () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    output: () => ({ stdout, stderr }),
    /** Sends SIGTERM and waits for the process to end; resolves to its exit code. */
    async stop(): Promise<number | null> {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export interface RunningRedis {
  url: string;
  port: number;
  /** Stops this server (SIGKILL after 2 s), and only this one. */
  stop(): Promise<void>;
  /** Freezes this server (SIGSTOP): connections stay open and nothing is answered, as a hung host. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT); `stop` does it too. */
  resume(): void;
}

/**
 * Whether Debian's `redis-server` is on this machine. Tests that need it skip with a
 * visible message when it is missing, unless `CI` is set: there they fail, since
 * `.ci/run` installs it.
 */
export function redisServerAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) {
      throw new Error(
        'redis-server is missing: .ci/run installs it (apt-get install -y redis-server).',
      );
    }
    console.warn(
      'SKIPPED: the Redis tests need redis-server (apt-get update && apt-get install -y redis-server).',
    );
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * Starts a throwaway `redis-server` on a free loopback port, with nothing saved to disk.
 * The port is free when probed, but another process (a parallel test run, a service that
 * apt just started) may take it before redis-server binds it: then another port is tried.
 */
export async function startRedisServer(): Promise<RunningRedis> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await freePort());
    } catch (error) {
      if (attempt === 5 || !/Address already in use/i.test(String(error))) throw error;
    }
  }
}

async function startOnPort(port: number): Promise<RunningRedis> {
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      '/tmp',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    // Generous for a loaded machine; a server that never gets ready is not left running.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within 20 s:\n${output}`));
    }, 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  child.stdout!.resume();
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => {
      if (running()) child.kill('SIGSTOP');
    },
    resume: () => {
      if (running()) child.kill('SIGCONT');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (!running()) return resolve();
        // A paused server would not act on SIGTERM until it runs again.
        child.kill('SIGCONT');
        const kill = setTimeout(() => child.kill('SIGKILL'), 2_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

import nock from 'nock';
import { afterEach, beforeEach } from 'vitest';

const LOOPBACK = /^127\.0\.0\.1(:\d+)?$/;

/**
 * For one test: nock's interceptors on, no way out to the network but loopback (or nothing,
 * with `reach: 'nothing'`), and no interceptor left from before. Returns the undo, which
 * takes nock off `http` and `fetch` again.
 *
 * Every test that uses nock goes through here, because test files share a worker and its
 * modules: a file that left nock on held a streamed request body back until its end in the
 * next file (the emulator's 408 and 413 deadlines went unmet), and a file that took nock off
 * left the next file's interceptors unheard (its requests went to DNS).
 */
export function isolateNetwork(reach: 'loopback' | 'nothing' = 'loopback'): () => void {
  if (!nock.isActive()) nock.activate();
  nock.cleanAll();
  nock.disableNetConnect();
  if (reach === 'loopback') nock.enableNetConnect(LOOPBACK);
  return () => {
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  };
}

/** `isolateNetwork` around every test of the calling file. */
export function useIsolatedNetwork(reach: 'loopback' | 'nothing' = 'loopback'): void {
  let undo: (() => void) | undefined;
  beforeEach(() => {
    undo = isolateNetwork(reach);
  });
  afterEach(() => {
    undo?.();
    undo = undefined;
  });
}

import { Worker } from 'node:worker_threads';

/**
 * The Node options a worker thread can start with, from the parent's `execArgv`. A worker
 * inherits its parent's options by default, and some of them describe the parent's own
 * entry, not a thread: `node --input-type=module -e '...'` makes every worker fail with
 * `ERR_INPUT_TYPE_NOT_ALLOWED`. Those (and the code of `-e` / `-p`) are left out; the
 * rest go on as they are when a worker accepts them (`--conditions`, `--import` loaders).
 */
const WITH_VALUE = new Set(['-e', '--eval', '-p', '--print', '--input-type']);
const ALONE = /^(--input-type=|--eval=|--print=)/;

export function workerExecArgv(execArgv: readonly string[]): string[] {
  const kept = withoutEntryOptions(execArgv);
  if (acceptedByWorkers(kept)) return kept;
  // V8 options (`--expose-gc`, `--max-old-space-size`) make `new Worker` throw
  // ERR_WORKER_INVALID_EXEC_ARGV; the options that decide how modules resolve are the ones
  // the worker needs to load the engine as its parent does.
  const resolution = kept.filter(
    (option, index) => RESOLUTION.test(option) || RESOLUTION_WITH_VALUE.has(kept[index - 1] ?? ''),
  );
  return acceptedByWorkers(resolution) ? resolution : [];
}

const RESOLUTION =
  /^(--conditions=|-C=|--import=|--require=|--loader=|--experimental-loader=|--conditions$|-C$|--import$|--require$|-r$|--loader$|--experimental-loader$)/;
const RESOLUTION_WITH_VALUE = new Set([
  '--conditions',
  '-C',
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
]);

/** Whether a worker thread starts with `options` (it throws at once when it cannot). */
function acceptedByWorkers(options: readonly string[]): boolean {
  if (options.length === 0) return true;
  try {
    const probe = new Worker('', { eval: true, execArgv: [...options] });
    void probe.terminate();
    return true;
  } catch {
    return false;
  }
}

function withoutEntryOptions(execArgv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < execArgv.length; index++) {
    const option = execArgv[index]!;
    if (WITH_VALUE.has(option)) {
      index++; // its value too
      continue;
    }
    if (ALONE.test(option)) continue;
    kept.push(option);
  }
  return kept;
}

/**
 * The Node options a worker thread can start with, from the parent's `execArgv`. A worker
 * inherits its parent's options by default, and some of them describe the parent's own
 * entry, not a thread: `node --input-type=module -e '...'` makes every worker fail with
 * `ERR_INPUT_TYPE_NOT_ALLOWED`. Those (and the code of `-e` / `-p`) are left out; the
 * rest (`--conditions`, `--import` loaders, memory flags) go on as they are.
 */
const WITH_VALUE = new Set(['-e', '--eval', '-p', '--print', '--input-type']);
const ALONE = /^(--input-type=|--eval=|--print=)/;

export function workerExecArgv(execArgv: readonly string[]): string[] {
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

import { ShadowEvaluator } from '../../packages/core/src/shadow/shadow-evaluator.ts';

type Callable = (...args: never[]) => unknown;

/**
 * Times the code of shadow evaluation that runs on the user's path, and nothing else:
 * every method an integration calls while the user waits (`begin`, the call's `levelFor`,
 * `admit` and `observed`, the ticket's `start` and `cancel`, `summary`) is wrapped with
 * `performance.now()`. All of them are synchronous, so the sum is the time they hold the
 * thread; the shadow call itself runs later, outside them, and is not counted. `take()`
 * returns that time in ms since the last `take()` and starts again; `restore()` unwraps.
 * (Not the thread's CPU time: `process.threadCpuUsage()` counts in scheduler ticks here,
 * 0 for most calls and a whole tick for a few.)
 */
export function timeShadowPath(): { take(): number; restore(): void } {
  let spent = 0;
  const timed = <F extends Callable>(fn: F, wrap?: (result: ReturnType<F>) => void): F =>
    function (this: unknown, ...args: Parameters<F>) {
      const started = performance.now();
      try {
        const result = fn.apply(this, args) as ReturnType<F>;
        wrap?.(result);
        return result;
      } finally {
        spent += performance.now() - started;
      }
    } as F;
  const prototype = ShadowEvaluator.prototype;
  const { begin, summary } = prototype;
  const wrapTicket = (ticket: { start: Callable; cancel: Callable } | undefined) => {
    if (!ticket) return;
    ticket.start = timed(ticket.start);
    ticket.cancel = timed(ticket.cancel);
  };
  prototype.begin = timed(begin, (call) => {
    if (!call) return;
    if (call.levelFor) call.levelFor = timed(call.levelFor);
    call.admit = timed(call.admit, wrapTicket);
    call.observed = timed(call.observed);
  });
  prototype.summary = timed(summary);
  return {
    take() {
      const taken = spent;
      spent = 0;
      return taken;
    },
    restore() {
      prototype.begin = begin;
      prototype.summary = summary;
    },
  };
}

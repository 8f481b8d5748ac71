import { InvalidOptionError } from '../errors.ts';
import type { AdaptSettings } from './level-controller.ts';
import type { ShadowJudge } from './shadow-answer.ts';
import type { ShadowEvent } from './shadow-event.ts';
import type { ShadowPolicyFields } from './shadow-options.ts';

/** Shadow evaluation's options, checked, with the defaults filled in. */
export interface ShadowSettings {
  /** Undefined when shadowing is off. */
  shadow:
    | {
        sampleRate: number;
        inputTokensPerHour: number;
        concurrency: number;
        delayMs: number;
        seed: number | undefined;
        judge: ShadowJudge | undefined;
      }
    | undefined;
  adapt: AdaptSettings | undefined;
  observe: boolean;
  onShadow: ((event: ShadowEvent) => void) | undefined;
}

export const DEFAULT_SHADOW = {
  sampleRate: 0.05,
  inputTokensPerHour: 1_000_000,
  concurrency: 2,
  // Past the 5 ms a createAgent run took at the median after its model call, with room for
  // a loaded machine (shadow-evaluation.timing.test.ts in @ctxopt/langchain measures it).
  delayMs: 50,
} as const;

/**
 * Defaults of `adapt`, from the seeded simulations of shadow-evaluator.simulation.test.ts.
 * threshold 0.95 is the agreement asked of a level. minSamples 20: the minimum window, a
 * floor under the sequential test of slip-evidence.ts (which alone needs at least 4
 * disagreements, in a row, to step a level down); 10 and 20 gave the same detection, the
 * test's evidence decides it. probationCalls 1000: a level that keeps failing is retried
 * after 1000, 2000, 4000 calls, at most 7 changes in 10,000 calls.
 */
export const DEFAULT_ADAPT: AdaptSettings = {
  threshold: 0.95,
  minSamples: 20,
  probationCalls: 1000,
};

/** Checks `shadow`, `adapt`, `observe` and `onShadow` (a broken one names its field and rule). */
export function resolveShadowSettings(
  options: ShadowPolicyFields,
  source: { owner?: string; prefix?: string } = {},
): ShadowSettings {
  const fail = (field: string, rule: string): never => {
    throw new InvalidOptionError(`${source.prefix ?? ''}${field}`, rule, source.owner);
  };
  const object = (field: string, value: unknown, keys: string[]): Record<string, unknown> => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail(field, `must be true, false or an object with ${keys.join(', ')}`);
    }
    for (const key of Object.keys(value)) {
      if (!keys.includes(key))
        fail(`${field}.${key}`, `is not an option (known: ${keys.join(', ')})`);
    }
    return value as Record<string, unknown>;
  };
  const number = (
    field: string,
    value: unknown,
    fallback: number,
    ok: (n: number) => boolean,
    rule: string,
  ) => {
    if (value === undefined) return fallback;
    if (typeof value === 'number' && ok(value)) return value;
    return fail(field, `${rule} (got ${JSON.stringify(value) ?? String(value)})`);
  };
  const integer = (field: string, value: unknown, fallback: number, minimum: number) =>
    number(
      field,
      value,
      fallback,
      (n) => Number.isInteger(n) && n >= minimum,
      `must be an integer of at least ${minimum}`,
    );

  let shadow: ShadowSettings['shadow'];
  if (options.shadow !== undefined && options.shadow !== false) {
    const given =
      options.shadow === true
        ? {}
        : object('shadow', options.shadow, [
            'sampleRate',
            'budget',
            'concurrency',
            'delayMs',
            'seed',
            'judge',
          ]);
    const budget =
      given.budget === undefined
        ? {}
        : object('shadow.budget', given.budget, ['inputTokensPerHour']);
    if (given.judge !== undefined && typeof given.judge !== 'function') {
      fail(
        'shadow.judge',
        'must be a function ({ question, compressed, original }) => { agree, score, reasons }',
      );
    }
    shadow = {
      sampleRate: number(
        'shadow.sampleRate',
        given.sampleRate,
        DEFAULT_SHADOW.sampleRate,
        (n) => n >= 0 && n <= 1,
        'must be a number from 0 to 1',
      ),
      inputTokensPerHour: integer(
        'shadow.budget.inputTokensPerHour',
        budget.inputTokensPerHour,
        DEFAULT_SHADOW.inputTokensPerHour,
        0,
      ),
      concurrency: integer('shadow.concurrency', given.concurrency, DEFAULT_SHADOW.concurrency, 1),
      delayMs: integer('shadow.delayMs', given.delayMs, DEFAULT_SHADOW.delayMs, 0),
      seed: given.seed === undefined ? undefined : integer('shadow.seed', given.seed, 0, 0),
      judge: given.judge as ShadowJudge | undefined,
    };
  }
  let adapt: AdaptSettings | undefined;
  if (options.adapt !== undefined && options.adapt !== false) {
    if (!shadow) fail('adapt', 'needs shadow evaluation on (set shadow: { sampleRate })');
    const given =
      options.adapt === true
        ? {}
        : object('adapt', options.adapt, ['threshold', 'minSamples', 'probationCalls']);
    adapt = {
      threshold: number(
        'adapt.threshold',
        given.threshold,
        DEFAULT_ADAPT.threshold,
        (n) => n > 0 && n <= 1,
        'must be a number above 0 and at most 1',
      ),
      minSamples: integer('adapt.minSamples', given.minSamples, DEFAULT_ADAPT.minSamples, 1),
      probationCalls: integer(
        'adapt.probationCalls',
        given.probationCalls,
        DEFAULT_ADAPT.probationCalls,
        1,
      ),
    };
  }
  if (options.observe !== undefined && typeof options.observe !== 'boolean') {
    fail('observe', `must be true or false (got ${JSON.stringify(options.observe)})`);
  }
  if (options.onShadow !== undefined && typeof options.onShadow !== 'function') {
    fail('onShadow', 'must be a function');
  }
  return { shadow, adapt, observe: options.observe === true, onShadow: options.onShadow };
}

/** Per call: `shadow: false` skips sampling this call; `observe` switches observing for it. */
export function callShadowSettings(
  settings: ShadowSettings,
  overrides: { shadow?: unknown; observe?: unknown },
  fail: (field: string, rule: string) => never,
): ShadowSettings {
  const { shadow, observe } = overrides;
  if (shadow !== undefined && typeof shadow !== 'boolean') {
    fail('shadow', 'must be true or false per call (set its options on the instance)');
  }
  if (observe !== undefined && typeof observe !== 'boolean') {
    fail('observe', `must be true or false (got ${JSON.stringify(observe)})`);
  }
  return {
    ...settings,
    ...(shadow === false ? { shadow: undefined } : {}),
    ...(observe === undefined ? {} : { observe: observe as boolean }),
  };
}

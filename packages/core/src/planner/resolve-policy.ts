import { InvalidOptionError } from '../errors.ts';
import { DEFAULT_POLICY } from '../policy/compression-policy.ts';
import { compressionLevels, compressionModes } from '../schemas.ts';
import { callShadowSettings, resolveShadowSettings } from '../shadow/resolve-shadow.ts';
import type {
  ConversationCallOptions,
  ConversationPolicy,
  ConversationPolicyFields,
  ConversationPolicyOptions,
} from './conversation-policy.ts';
import { type OptionSource, unknownOptionRule } from './option-keys.ts';

const callKeys = [
  'level',
  'mode',
  'minTokens',
  'trigger',
  'keep',
  'toolResults',
  'reasoning',
  'pinnedRoles',
  'timeout',
  'onError',
  'contextWindow',
  'disabled',
  'blocks',
  'scope',
  'shadow',
  'observe',
] as const;
const instanceKeys = [
  'tokenCounter',
  'onCompress',
  'cacheSize',
  'store',
  'storeSecret',
  'adapt',
  'onShadow',
] as const;

/**
 * The names of the policy's options, for integrations that take other options beside
 * them: the one list each integration's `checkOptionKeys` starts from, so an option added
 * here is known in both frameworks at once.
 */
export const conversationPolicyKeys: readonly string[] = [...callKeys, ...instanceKeys];

// A policy option missing from the lists above would be refused as unknown: the typecheck
// fails here until it is listed.
type Unlisted = Exclude<
  keyof ConversationPolicyFields,
  (typeof callKeys)[number] | (typeof instanceKeys)[number]
>;
const everyPolicyOptionListed: [Unlisted] extends [never] ? true : never = true;
void everyPolicyOptionListed;

const basePolicy: ConversationPolicy = {
  level: undefined,
  mode: undefined,
  minTokens: DEFAULT_POLICY.minTokens,
  trigger: {},
  keep: { messages: DEFAULT_POLICY.keepMessages },
  toolResults: {
    compress: DEFAULT_POLICY.toolResultsCompress,
    keepLast: DEFAULT_POLICY.toolResultsKeepLast,
    exclude: DEFAULT_POLICY.toolResultsExclude,
    minTokens: DEFAULT_POLICY.toolResultsMinTokens,
  },
  reasoning: DEFAULT_POLICY.reasoning,
  pinnedRoles: DEFAULT_POLICY.pinnedRoles,
  timeout: DEFAULT_POLICY.timeout,
  onError: DEFAULT_POLICY.onError,
  contextWindow: undefined,
  disabled: DEFAULT_POLICY.disabled,
  tokenCounter: undefined,
  onCompress: undefined,
  cacheSize: DEFAULT_POLICY.cacheSize,
  blocks: {
    enabled: DEFAULT_POLICY.blocksEnabled,
    blockTokens: DEFAULT_POLICY.blockTokens,
    recallTokens: DEFAULT_POLICY.recallTokens,
  },
  store: undefined,
  scope: undefined,
  storeSecret: undefined,
  shadow: { shadow: undefined, adapt: undefined, observe: false, onShadow: undefined },
};

/**
 * Checks an integration's policy options (a broken one names its field and rule) and
 * fills in the defaults. Keys that are not policy options are left to the caller.
 */
export function resolveConversationPolicy(
  options: ConversationPolicyOptions,
  source: OptionSource = {},
): ConversationPolicy {
  const check = checker(source);
  const policy = overlay(basePolicy, options as ConversationCallOptions, check);
  if (options.tokenCounter !== undefined && typeof options.tokenCounter !== 'function') {
    check.fail('tokenCounter', 'must be a function (text) => number');
  }
  if (options.onCompress !== undefined && typeof options.onCompress !== 'function') {
    check.fail('onCompress', 'must be a function');
  }
  const store = options.store as unknown as Record<string, unknown> | undefined;
  if (
    store !== undefined &&
    (typeof store?.get !== 'function' || typeof store?.set !== 'function')
  ) {
    check.fail('store', 'must be a CompressionStore (an object with get and set methods)');
  }
  const storeSecret = options.storeSecret;
  if (storeSecret !== undefined && (typeof storeSecret !== 'string' || storeSecret.length < 16)) {
    check.fail('storeSecret', 'must be a string of at least 16 characters');
  }
  return {
    ...policy,
    storeSecret,
    tokenCounter: options.tokenCounter,
    onCompress: options.onCompress,
    cacheSize: check.integer('cacheSize', options.cacheSize, DEFAULT_POLICY.cacheSize, 0),
    store: options.store,
    shadow: resolveShadowSettings(options, source),
  };
}

/**
 * The policy for one call: `overrides` (AI SDK `providerOptions.ctxopt`, LangChain
 * `runtime.context` or `config.configurable`) on top of the instance's policy, checked the
 * same way. Unknown keys are refused so a misspelt option never passes silently.
 * `trigger` and `keep` replace the instance's whole object; `toolResults` is merged field
 * by field; a `level` or `mode` replaces the instance's `level` and `mode`.
 */
export function applyCallOptions(
  policy: ConversationPolicy,
  overrides: unknown,
  source: OptionSource = {},
): ConversationPolicy {
  if (overrides === undefined || overrides === null) return policy;
  const check = checker(source);
  if (typeof overrides !== 'object' || Array.isArray(overrides)) {
    check.fail('', 'must be an object such as { level: "standard" }');
  }
  const record = overrides as Record<string, unknown>;
  const known = new Set<string>(callKeys);
  for (const key of Object.keys(record)) {
    if (!known.has(key) && record[key] !== undefined) {
      check.fail(
        key,
        instanceKeys.includes(key as (typeof instanceKeys)[number])
          ? `is not a per-call option (known: ${callKeys.join(', ')})`
          : unknownOptionRule(key, callKeys),
      );
    }
  }
  const levelOrMode = record.level !== undefined || record.mode !== undefined;
  const start = levelOrMode ? { ...policy, level: undefined, mode: undefined } : policy;
  const result = overlay(start, record as ConversationCallOptions, check);
  return record.shadow === undefined && record.observe === undefined
    ? result
    : { ...result, shadow: callShadowSettings(policy.shadow, record, check.fail) };
}

function overlay(
  start: ConversationPolicy,
  options: ConversationCallOptions,
  check: Checker,
): ConversationPolicy {
  const level = check.oneOf('level', options.level, compressionLevels) ?? start.level;
  const mode = check.oneOf('mode', options.mode, compressionModes) ?? start.mode;
  if (level !== undefined && mode !== undefined) {
    check.fail('mode', 'must not be set together with level (set one of level or mode)');
  }
  return {
    ...start,
    level,
    mode,
    minTokens: check.integer('minTokens', options.minTokens, start.minTokens, 0),
    trigger: options.trigger === undefined ? start.trigger : checkTrigger(options.trigger, check),
    keep: options.keep === undefined ? start.keep : checkKeep(options.keep, check),
    toolResults: checkToolResults(options.toolResults, start.toolResults, check),
    reasoning: check.oneOf('reasoning', options.reasoning, ['keep', 'drop']) ?? start.reasoning,
    pinnedRoles: checkRoles(options.pinnedRoles, start.pinnedRoles, check),
    timeout: check.integer('timeout', options.timeout, start.timeout, 1),
    onError: check.oneOf('onError', options.onError, ['passthrough', 'throw']) ?? start.onError,
    contextWindow:
      options.contextWindow === undefined
        ? start.contextWindow
        : check.integer('contextWindow', options.contextWindow, 0, 1),
    disabled: check.boolean('disabled', options.disabled, start.disabled),
    blocks: checkBlocks(options.blocks, start.blocks, check),
    scope: checkScope(options.scope, start.scope, check),
  };
}

function checkScope(value: unknown, start: string | undefined, check: Checker): string | undefined {
  if (value === undefined) return start;
  if (typeof value === 'string' && value.length > 0 && value.length <= 1_024) return value;
  return check.fail(
    'scope',
    `must be a string of 1 to 1024 characters (got ${show(value).slice(0, 40)})`,
  );
}

function checkTrigger(value: unknown, check: Checker): ConversationPolicy['trigger'] {
  const trigger = check.object('trigger', value, ['tokens', 'messages', 'fraction']);
  const result: { tokens?: number; messages?: number; fraction?: number } = {};
  if (trigger.tokens !== undefined)
    result.tokens = check.integer('trigger.tokens', trigger.tokens, 0, 0);
  if (trigger.messages !== undefined) {
    result.messages = check.integer('trigger.messages', trigger.messages, 0, 0);
  }
  if (trigger.fraction !== undefined) {
    const fraction = trigger.fraction;
    if (typeof fraction !== 'number' || !(fraction > 0 && fraction <= 1)) {
      check.fail(
        'trigger.fraction',
        `must be a number above 0 and at most 1 (got ${show(fraction)})`,
      );
    }
    result.fraction = fraction as number;
  }
  return result;
}

function checkKeep(value: unknown, check: Checker): ConversationPolicy['keep'] {
  const keep = check.object('keep', value, ['messages', 'tokens']);
  const result: { messages?: number; tokens?: number } = {};
  if (keep.messages !== undefined)
    result.messages = check.integer('keep.messages', keep.messages, 0, 0);
  if (keep.tokens !== undefined) result.tokens = check.integer('keep.tokens', keep.tokens, 0, 0);
  return result;
}

function checkToolResults(
  value: unknown,
  start: ConversationPolicy['toolResults'],
  check: Checker,
): ConversationPolicy['toolResults'] {
  if (value === undefined) return start;
  const options = check.object('toolResults', value, [
    'compress',
    'keepLast',
    'exclude',
    'minTokens',
  ]);
  const exclude = options.exclude;
  if (
    exclude !== undefined &&
    !(Array.isArray(exclude) && exclude.every((name) => typeof name === 'string'))
  ) {
    check.fail('toolResults.exclude', `must be an array of tool names (got ${show(exclude)})`);
  }
  return {
    compress: check.boolean('toolResults.compress', options.compress, start.compress),
    keepLast: check.integer('toolResults.keepLast', options.keepLast, start.keepLast, 0),
    exclude: (exclude as string[] | undefined) ?? start.exclude,
    minTokens: check.integer('toolResults.minTokens', options.minTokens, start.minTokens, 0),
  };
}

function checkBlocks(
  value: unknown,
  start: ConversationPolicy['blocks'],
  check: Checker,
): ConversationPolicy['blocks'] {
  if (value === undefined) return start;
  if (typeof value === 'boolean') return { ...start, enabled: value };
  const options = check.object('blocks', value, ['enabled', 'blockTokens', 'recallTokens']);
  return {
    enabled: check.boolean('blocks.enabled', options.enabled, DEFAULT_POLICY.blocksEnabled),
    blockTokens: check.integer('blocks.blockTokens', options.blockTokens, start.blockTokens, 1),
    recallTokens: check.integer('blocks.recallTokens', options.recallTokens, start.recallTokens, 0),
  };
}

function checkRoles(value: unknown, start: readonly string[], check: Checker): readonly string[] {
  if (value === undefined) return start;
  if (!(Array.isArray(value) && value.every((role) => typeof role === 'string'))) {
    check.fail('pinnedRoles', `must be an array of role names (got ${show(value)})`);
  }
  return value as string[];
}

type Checker = ReturnType<typeof checker>;

function checker(source: OptionSource) {
  const fail = (field: string, rule: string): never => {
    const path = `${source.prefix ?? ''}${field}`.replace(/\.$/, '');
    throw new InvalidOptionError(path, rule, source.owner);
  };
  return {
    fail,
    oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T | undefined {
      if (value === undefined || (allowed as readonly unknown[]).includes(value)) {
        return value as T | undefined;
      }
      return fail(field, `must be one of ${allowed.join(', ')} (got ${show(value)})`);
    },
    integer(field: string, value: unknown, fallback: number, minimum: number): number {
      if (value === undefined) return fallback;
      if (typeof value === 'number' && Number.isInteger(value) && value >= minimum) return value;
      return fail(field, `must be an integer of at least ${minimum} (got ${show(value)})`);
    },
    boolean(field: string, value: unknown, fallback: boolean): boolean {
      if (value === undefined) return fallback;
      if (typeof value === 'boolean') return value;
      return fail(field, `must be true or false (got ${show(value)})`);
    },
    object(field: string, value: unknown, keys: readonly string[]): Record<string, unknown> {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return fail(field, `must be an object with ${keys.join(', ')} (got ${show(value)})`);
      }
      for (const key of Object.keys(value)) {
        if (!keys.includes(key))
          fail(`${field}.${key}`, `is not an option (known: ${keys.join(', ')})`);
      }
      return value as Record<string, unknown>;
    },
  };
}

function show(value: unknown): string {
  return typeof value === 'function' ? 'a function' : (JSON.stringify(value) ?? String(value));
}

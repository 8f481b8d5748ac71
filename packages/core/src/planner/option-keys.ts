import { InvalidOptionError } from '../errors.ts';

/** Where options come from, for error messages: `contextOptimizerMiddleware`, `providerOptions.ctxopt`, ... */
export interface OptionSource {
  /** Names the thing being configured, such as `contextOptimizerMiddleware`. */
  owner?: string;
  /** Prefix of every field, such as `providerOptions.ctxopt.`. */
  prefix?: string;
}

/**
 * Options an earlier release had, and what takes their place. A JavaScript caller (or a
 * cast) still passing one would otherwise see it ignored in silence.
 */
export const renamedOptions: Readonly<Record<string, string>> = {
  compressToolHistory: 'toolResults (such as toolResults: { compress: false })',
  protectLastMessages: 'keep (such as keep: { messages: 4 })',
};

/** What an unknown option is told: its new name when it was renamed, else the known ones. */
export function unknownOptionRule(key: string, known: readonly string[]): string {
  const renamed = Object.hasOwn(renamedOptions, key) ? renamedOptions[key] : undefined;
  return renamed === undefined
    ? `is not an option (known: ${[...known].sort().join(', ')})`
    : `was renamed: use ${renamed}`;
}

/**
 * Refuses, before anything is built, an option that is not in `known`: a misspelt or
 * renamed option would otherwise change nothing in silence. Each integration passes the
 * policy's keys (`conversationPolicyKeys`) plus its own; a key set to `undefined` is
 * left alone, as an absent one.
 */
export function checkOptionKeys(
  options: unknown,
  known: readonly string[],
  source: OptionSource = {},
): void {
  if (options === undefined || options === null) return;
  const prefix = source.prefix ?? '';
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new InvalidOptionError(
      prefix.replace(/\.$/, '') || 'options',
      'must be an object',
      source.owner,
    );
  }
  const accepted = new Set(known);
  for (const [key, value] of Object.entries(options)) {
    if (accepted.has(key) || value === undefined) continue;
    throw new InvalidOptionError(`${prefix}${key}`, unknownOptionRule(key, known), source.owner);
  }
}

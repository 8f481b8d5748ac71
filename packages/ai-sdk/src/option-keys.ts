import { clientOptionKeys, conversationPolicyKeys } from '@ctxopt/core';

/** Where a factory gets its optimizer: a ready one, or the client's options but `sleep`. */
const sourceKeys = [...clientOptionKeys.filter((key) => key !== 'sleep'), 'optimizer'];

// The options each factory adds beside those; unknown-options.dist.test.ts checks these lists
// against the option types, so a new option cannot be left out.
export const middlewareOwnKeys = ['strategy', 'onUsage', 'provider', 'compressedMessage'] as const;
export const providerOwnKeys = ['level', 'mode', 'timeout', 'onUsage'] as const;

/** Every option of `contextOptimizerMiddleware`: the policy's (from core), the optimizer's, its own. */
export const middlewareOptionKeys: readonly string[] = [
  ...conversationPolicyKeys,
  ...sourceKeys,
  ...middlewareOwnKeys,
];

/** Every setting of `createContextOptimizer`. */
export const providerOptionKeys: readonly string[] = [...sourceKeys, ...providerOwnKeys];

// `@ctxopt/core/internal`: what the sibling packages (`@ctxopt/langchain`, `@ctxopt/ai-sdk`,
// `@ctxopt/local`) share with core beyond its public surface. UNSTABLE: any release may
// change or remove a name here without notice; applications import from `@ctxopt/core`.
// The names stay in core because a rule both integrations need lives in one place.
import './node-version-guard.ts';

export {
  RETRIEVE_TOOL_DESCRIPTION,
  RETRIEVE_TOOL_INPUT_SCHEMA,
} from './blocks/compressed-part.ts';
export { RECALL_HEADER } from './blocks/recall.ts';
export { handleError, isHandle } from './blocks/retrieve-original.ts';
export type { ClientOptionKey } from './client-option-keys.ts';
export { generateAsOperation } from './generate-as-operation.ts';
export {
  COMPRESSED_TOOL_RESULT_HEADER,
  compressedToolResultText,
} from './planner/compressed-history.ts';
export { estimateTokens } from './planner/estimate-tokens.ts';
export { type LevelOrMode, levelOrModeOf } from './schemas.ts';
export type { ShadowCall, ShadowSummary, ShadowTicket } from './shadow/shadow-evaluator.ts';

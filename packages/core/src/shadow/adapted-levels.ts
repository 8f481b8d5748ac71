import type { ConversationPolicy } from '../planner/conversation-policy.ts';
import type { CompressionPlan } from '../planner/plan-compression.ts';
import type { CompressionLevel } from '../schemas.ts';
import type { ContentKind } from './agreement-stats.ts';

/** The level `adapt` uses for a kind of content: a level, `off`, or undefined for the policy's own. */
export type LevelFor = (kind: ContentKind) => CompressionLevel | 'off' | undefined;

/** The plan with each span at its kind's adapted level; spans of a kind turned off stay as they are. */
export function planAtLevels(plan: CompressionPlan, levelFor: LevelFor): CompressionPlan {
  const spans = plan.spans.flatMap((span) => {
    const level = levelFor(span.kind);
    if (level === undefined) return [span];
    if (level === 'off') return [];
    const { mode: _mode, level: _level, ...params } = span.params;
    return [{ ...span, params: { ...params, level } }];
  });
  return spans.length === plan.spans.length &&
    spans.every((span, index) => span === plan.spans[index])
    ? plan
    : {
        ...plan,
        spans,
        ...(spans.length === 0 ? { skipReason: plan.skipReason ?? 'disabled' } : {}),
      };
}

const GENTLENESS = ['off', 'low', 'standard', 'ultra'];

/**
 * Block mode compresses tool results and long texts with one level: the gentler of the two
 * kinds' adapted levels, and no compression when either is off.
 */
export function blockPolicyAtLevels(
  policy: ConversationPolicy,
  levelFor: LevelFor,
): ConversationPolicy {
  const levels = (['tool-result', 'message-text'] as const).map(levelFor);
  if (levels.every((level) => level === undefined)) return policy;
  if (levels.includes('off')) return { ...policy, disabled: true };
  const level = levels
    .filter((item): item is CompressionLevel => item !== undefined)
    .sort((a, b) => GENTLENESS.indexOf(a) - GENTLENESS.indexOf(b))[0]!;
  return { ...policy, level, mode: undefined };
}

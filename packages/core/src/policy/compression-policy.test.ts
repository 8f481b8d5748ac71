import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors.ts';
import type { PlannerMessage } from '../planner/conversation.ts';
import { applyCallOptions, resolveConversationPolicy } from '../planner/resolve-policy.ts';
import {
  blockModeEngages,
  blockResultLevel,
  blockTextLevel,
  DEFAULT_POLICY,
  openBoundary,
  questionsKeepingRecall,
  triggerFires,
  verbatimToolResults,
} from './compression-policy.ts';

const long = (label: string) => `${label} `.repeat(400);

/** A question, then `steps` tool calls each answered by a long result of `tool`. */
function turn(question: string, steps: number, tool = 'search'): PlannerMessage[] {
  const messages: PlannerMessage[] = [{ role: 'user', text: question, contentParts: 1 }];
  for (let step = 1; step <= steps; step++) {
    const id = `${question}_${step}`;
    messages.push(
      { role: 'assistant', text: '', toolCallIds: [id], contentParts: 1 },
      {
        role: 'tool',
        text: long(`${question}${step}`),
        toolResultIds: [id],
        toolResults: [{ toolCallId: id, toolName: tool, text: long(`${question}${step}`) }],
        contentParts: 1,
      },
    );
  }
  return messages;
}

const policy = resolveConversationPolicy({});

describe('the compression policy', () => {
  it('is what the resolver fills in: every default comes from DEFAULT_POLICY', () => {
    expect(policy).toMatchObject({
      disabled: DEFAULT_POLICY.disabled,
      minTokens: DEFAULT_POLICY.minTokens,
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
      cacheSize: DEFAULT_POLICY.cacheSize,
      blocks: {
        enabled: DEFAULT_POLICY.blocksEnabled,
        blockTokens: DEFAULT_POLICY.blockTokens,
        recallTokens: DEFAULT_POLICY.recallTokens,
      },
    });
  });

  it('engages block mode past toolResults.keepLast compressible results, never for what the policy keeps verbatim', () => {
    const keepLast = DEFAULT_POLICY.toolResultsKeepLast;
    expect(blockModeEngages(turn('q', keepLast), policy, undefined)).toBe(false);
    expect(blockModeEngages(turn('q', keepLast + 1), policy, undefined)).toBe(true);
    const agent = turn('q', keepLast + 1);
    const exclude = applyCallOptions(policy, { toolResults: { exclude: ['search'] } });
    const verbatim = applyCallOptions(policy, { toolResults: { compress: false } });
    expect(blockModeEngages(agent, exclude, undefined)).toBe(false);
    expect(blockModeEngages(agent, verbatim, undefined)).toBe(false);
    expect(blockModeEngages(agent, applyCallOptions(policy, { blocks: false }), undefined)).toBe(
      false,
    );
    expect(blockModeEngages(agent, policy, 'below-trigger')).toBe(false);
  });

  it('keeps the newest toolResults.keepLast results and excluded tools verbatim in the history mode', () => {
    const messages = [...turn('a', 2, 'fetch'), ...turn('b', 4)];
    // Results sit at the odd indexes: a's at 2 and 4, b's at 7, 9, 11 and 13.
    expect([...verbatimToolResults(messages, policy)].sort((x, y) => x - y)).toEqual([9, 11, 13]);
    const exclude = applyCallOptions(policy, { toolResults: { exclude: ['fetch'] } });
    expect([...verbatimToolResults(messages, exclude)].sort((x, y) => x - y)).toEqual([
      2, 4, 9, 11, 13,
    ]);
  });

  it('ends blocks at the current question unless its tool loop runs past keepLast', () => {
    const messages = [...turn('a', 1), ...turn('b', 2)];
    const lastUser = 3;
    expect(openBoundary(messages, 0)).toBe(lastUser);
    expect(openBoundary(messages, 0, { keepLast: 2 })).toBe(lastUser);
    // keepLast 0: every result of the current turn may close into a block as it arrives.
    expect(openBoundary(messages, 0, { keepLast: 0 })).toBe(messages.length);
  });

  it('lets an earlier question keep its recall only when its loop ran past keepLast', () => {
    const messages = [...turn('a', 4), ...turn('b', 1), ...turn('c', 1)];
    expect(questionsKeepingRecall(messages)).toEqual([0]);
    expect(questionsKeepingRecall(messages, 0)).toEqual([0, 9]);
  });

  it('compresses blocks at ultra (results) and standard (texts) unless level or mode is set', () => {
    expect([blockResultLevel(policy), blockTextLevel(policy)]).toEqual(['ultra', 'standard']);
    const low = applyCallOptions(policy, { level: 'low' });
    expect([blockResultLevel(low), blockTextLevel(low)]).toEqual(['low', 'low']);
    const mode = applyCallOptions(policy, { mode: 'balanced' });
    expect([blockResultLevel(mode), blockTextLevel(mode)]).toEqual([undefined, undefined]);
  });

  it('fires trigger.fraction only against a known context window', () => {
    const fraction = applyCallOptions(policy, { trigger: { fraction: 0.5 } });
    expect(() => triggerFires(1, 10, fraction)).toThrow(InvalidOptionError);
    expect(() => triggerFires(1, 10, fraction)).toThrow(/trigger\.fraction/);
    const window = applyCallOptions(fraction, { contextWindow: 100 });
    expect(triggerFires(1, 51, window)).toBe(true);
    expect(triggerFires(1, 50, window)).toBe(false);
  });
});

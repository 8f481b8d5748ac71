import { describe, expect, it } from 'vitest';
import { CLEARED_PLACEHOLDER } from '../support/anthropic-clear-tool-uses.ts';
import { measureConversation } from '../support/conversation-metrics.ts';
import { runAiSdkConversation } from '../support/cost-conversation-ai-sdk.ts';
import { lateQuestions, loopConversation, turnsConversation } from '../support/lookup-agent.ts';
import { peerVariants } from '../support/peer-variants.ts';

const variant = (framework: string, name: string) =>
  peerVariants.find((peer) => peer.framework === framework && peer.name.startsWith(name))!;

describe('the peers, through their real entry points', () => {
  it('@ai-sdk/anthropic carries contextManagement, and the fake clears tool results as Anthropic does', async () => {
    const conversation = turnsConversation(6);
    const record = await runAiSdkConversation(
      {
        appCaching: true,
        anthropicOptions: {
          contextManagement: {
            edits: [
              {
                type: 'clear_tool_uses_20250919',
                trigger: { type: 'input_tokens', value: 4_000 },
                keep: { type: 'tool_uses', value: 3 },
              },
            ],
          },
        },
      },
      conversation,
      [],
    );
    const last = record.calls.at(-1)!;
    // Six lookups, the first three cleared, the last three whole.
    expect(last.text.split(CLEARED_PLACEHOLDER).length - 1).toBe(3);
    expect(measureConversation(record, 6).currentAnswersComplete).toBe(1);
  });

  it('pruneMessages in prepareStep drops early tool results: late questions find nothing', async () => {
    const questions = lateQuestions(2, 2);
    const record = await variant('ai-sdk', 'pruneMessages').run(turnsConversation(4), questions);
    const metrics = measureConversation(record, 4);
    expect(metrics.retention).toBe(0);
    expect(metrics.currentAnswersComplete).toBe(1);
    expect(metrics.invalidRequests).toBe(0);
  });

  it('summarizationMiddleware calls its stand-in summarizer, and those calls are priced', async () => {
    const record = await variant('langchain', 'summarizationMiddleware').run(
      loopConversation(14),
      lateQuestions(2, 2),
    );
    expect(record.sideCalls!.length).toBeGreaterThan(0);
    expect(record.stalledTurns).toBe(0);
    expect(
      record.calls.some((call) => call.text.includes('Here is a summary of the conversation')),
    ).toBe(true);
    expect(measureConversation(record, 1).sideCalls).toBe(record.sideCalls!.length);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAIChat } from '../../../test/support/fake-openai-chat.ts';
import { sampledAgainstUnsampled } from '../../../test/support/sampled-against-unsampled.ts';
import { answerByFact, factChat } from '../../../test/support/shadow-world.ts';
import { shadowedAgent } from './test-support/shadowed-agent.ts';

let openaiApi: Awaited<ReturnType<typeof startFakeOpenAIChat>>;
beforeEach(async () => {
  openaiApi = await startFakeOpenAIChat(answerByFact);
});
afterEach(async () => {
  await openaiApi.close();
});

describe('shadow evaluation on the user path (createAgent, @langchain/openai)', () => {
  it('adds nothing measurable to the user path of a sampled call, against unsampled calls in the same run', {
    timeout: 120_000,
  }, async () => {
    const { agent, middleware } = shadowedAgent(openaiApi.baseURL, {
      shadow: { sampleRate: 0.5, seed: 5 },
    });
    const measure = () =>
      sampledAgainstUnsampled({
        label: 'createAgent',
        calls: 160,
        warmUp: 10,
        call: async () => {
          const before = middleware.shadow.summary().shadowed;
          await agent.invoke({ messages: factChat() });
          return middleware.shadow.summary().shadowed > before;
        },
        settle: () => middleware.shadow.settled(),
      });
    // On a loaded two-core machine a median moves by a millisecond or two from run to run,
    // either way, and the tail beyond p90 by tens of milliseconds (a GC pause or another
    // process lands in either set): the medians within a quarter of each other, p75 within
    // half, measured once more before failing (a shadow awaited on the user's path doubles
    // both). The p99 is measured by `bench shadow-overhead`, beside an A/A noise floor.
    let ratios = await measure();
    if (ratios.median >= 1.25 || ratios.p75 >= 1.5) ratios = await measure();
    expect(ratios.sampled).toBeGreaterThan(50);
    expect(ratios.median).toBeLessThan(1.25);
    expect(ratios.p75).toBeLessThan(1.5);
  });
});

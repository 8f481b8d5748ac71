import { createAnthropic } from '@ai-sdk/anthropic';
import { type ContextOptimizerUsage, contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { LocalContextOptimizer } from '@ctxopt/local';
import {
  generateText,
  isStepCount,
  type LanguageModel,
  type ModelMessage,
  wrapLanguageModel,
} from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { blocksOf, startFakeAnthropic } from '../../../test/support/fake-anthropic-messages.ts';
import { batchQuestion, fixedUsage, lookupAgentAnswer } from './test-support/lookup-agent.ts';
import { lookupTools } from './test-support/lookup-tools.ts';

const SYSTEM = 'You answer questions about orders and the notes the user shares.';
const NOTES = 6;
const FACTS_PER_NOTE = 12;
const suppliers = ['Fabrikam', 'Contoso', 'Northwind', 'Tailspin', 'Litware', 'Adatum'];
const cities = ['Leeds', 'Lyon', 'Porto', 'Gdansk', 'Turin', 'Ghent'];

/** One sentence of note `note`: a fact a later question asks about, with its own project code. */
function fact(note: number, index: number): string {
  const seed = (note * 7919 + index * 104_729) % 100_003;
  return (
    `Project PX-${note}${String(index).padStart(2, '0')} ships from ${cities[seed % 6]} ` +
    `with ${suppliers[seed % 6]}-${seed % 997} as supplier and a budget of ${(seed % 90_000) + 1000} EUR.`
  );
}

/** A pasted note of about 400 tokens: a dozen facts, then the turn's request. */
function noteMessage(note: number): string {
  const facts = Array.from({ length: FACTS_PER_NOTE }, (_, index) => fact(note, index));
  return `Here are my notes from meeting ${note}, keep them in mind.\n${facts.join(' ')}\n\n${batchQuestion(note)}`;
}

/** Questions after the last turn, each about one fact of an early note. */
const lateQuestions = Array.from({ length: 12 }, (_, index) => {
  const note = (index % 3) + 1;
  const sentence = (index * 5 + 2) % FACTS_PER_NOTE;
  return {
    question: `Which supplier and budget did project PX-${note}${String(sentence).padStart(2, '0')} have?`,
    fact: fact(note, sentence),
  };
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function conversation(compress: boolean) {
  const fake = await startFakeAnthropic(lookupAgentAnswer, { usage: fixedUsage });
  cleanups.push(fake.close);
  const sent: string[] = [];
  const levels: (string | undefined)[] = [];
  const usages: ContextOptimizerUsage[] = [];
  const engine = new LocalContextOptimizer();
  const base = createAnthropic({ baseURL: fake.baseURL, apiKey: 'sk-ant-test' })(
    'claude-sonnet-4-5',
  );
  const model: LanguageModel = compress
    ? wrapLanguageModel({
        model: base,
        middleware: contextOptimizerMiddleware({
          optimizer: {
            compress: (params, options) => {
              sent.push(String(params.context));
              levels.push('level' in params ? params.level : undefined);
              return engine.compress(params, options);
            },
            generate: (params) => engine.generate(params),
          },
          onUsage: (usage) => usages.push(usage),
        }),
      })
    : base;
  const messages: ModelMessage[] = [];
  for (let note = 1; note <= NOTES; note++) {
    messages.push({ role: 'user', content: noteMessage(note) });
    const result = await generateText({
      model,
      system: SYSTEM,
      messages,
      tools: lookupTools,
      stopWhen: isStepCount(4),
    });
    messages.push(...result.responseMessages);
  }
  const turns = fake.requests.length;
  let retained = 0;
  for (const late of lateQuestions) {
    const from = fake.requests.length;
    await generateText({
      model,
      system: SYSTEM,
      messages: [...messages, { role: 'user', content: late.question }],
      tools: lookupTools,
      stopWhen: isStepCount(4),
    });
    // The fact reached the model: in the prompt, whole (compressed text, recall or original).
    if (fake.requests.slice(from).some((request) => JSON.stringify(request).includes(late.fact)))
      retained++;
  }
  return { fake, sent, levels, usages, turns, retention: retained / lateQuestions.length };
}

describe('block mode compresses long user texts of closed blocks too (generateText, default settings)', () => {
  it('sends each note for compression once, keeps its compressed bytes from call to call, and keeps early facts within reach', async () => {
    const plain = await conversation(false);
    const blocks = await conversation(true);

    // Each note of a closed block went to the service once, query-free, like the tool results.
    const notesSent = blocks.sent.filter((context) => context.startsWith('Here are my notes'));
    expect(notesSent.length).toBeGreaterThanOrEqual(NOTES - 2);
    expect(new Set(notesSent).size).toBe(notesSent.length);
    // The user's words at 'standard', tool output at 'ultra'.
    blocks.sent.forEach((context, index) => {
      expect(blocks.levels[index]).toBe(
        context.startsWith('Here are my notes') ? 'standard' : 'ultra',
      );
    });
    expect(
      blocks.usages.some((usage) => usage.spans?.some((span) => span.kind === 'message-text')),
    ).toBe(true);

    // In the last turn's request, the first note is compressed in place: shorter, with its handle.
    const last = blocks.fake.requests[blocks.turns - 1]!;
    const firstNote = blocksOf(last.messages[0]!).find((block) => block.type === 'text')!.text!;
    expect(firstNote.length).toBeLessThan(noteMessage(1).length * 0.8);
    expect(firstNote).toMatch(/\[compressed: ctxopt_retrieve \{"handle":"cx[0-9a-f]{32}"\}\]$/);
    // ... and byte for byte the same in every request after its block closed.
    const compressedFrom = blocks.fake.requests.findIndex((request) =>
      JSON.stringify(request.messages[0]).includes('ctxopt_retrieve'),
    );
    for (const request of blocks.fake.requests.slice(compressedFrom, blocks.turns)) {
      expect(blocksOf(request.messages[0]!)[0]!.text).toBe(firstNote);
    }

    // Early facts asked late reach the model at least 85% as often as without compression.
    expect(plain.retention).toBe(1);
    expect(blocks.retention).toBeGreaterThanOrEqual(0.85 * plain.retention);
  });
});

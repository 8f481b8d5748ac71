import { createAnthropic } from '@ai-sdk/anthropic';
import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { LocalContextOptimizer } from '@ctxopt/local';
import {
  generateText,
  isStepCount,
  jsonSchema,
  type ModelMessage,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnthropicRequest,
  cacheBreakpointCount,
  MAX_CACHE_BREAKPOINTS,
  startFakeAnthropic,
} from '../../../test/support/fake-anthropic-messages.ts';
import {
  batchQuestion,
  fixedUsage,
  lookupAgentAnswer,
  lookupResult,
} from './test-support/lookup-agent.ts';

// The app's own marks carry a `ttl`, block mode's none: the wire tells them apart.
const APP_MARK = { anthropic: { cacheControl: { type: 'ephemeral', ttl: '5m' } } };

function lookupTools(marked: boolean): ToolSet {
  return {
    lookup: tool({
      description: 'Looks up the orders of a batch.',
      inputSchema: jsonSchema<{ batch: number }>({
        type: 'object',
        properties: { batch: { type: 'integer' } },
        required: ['batch'],
      }),
      execute: async ({ batch }) => lookupResult(batch),
      ...(marked ? { providerOptions: APP_MARK } : {}),
    }),
  };
}

/** Every `cache_control` of a request, in the order Anthropic reads them (tools, system, messages). */
function marksOf(request: AnthropicRequest): unknown[] {
  const found: unknown[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.cache_control != null) found.push(record.cache_control);
      visit(record.content);
    }
  };
  visit(request.tools);
  visit(request.system);
  for (const message of request.messages) visit(message.content);
  if (request.cache_control != null) found.push(request.cache_control);
  return found;
}
const appMarksOf = (request: AnthropicRequest) =>
  marksOf(request).filter((mark) => (mark as { ttl?: unknown }).ttl === '5m').length;
const ourMarksOf = (request: AnthropicRequest) =>
  marksOf(request).filter((mark) => (mark as { ttl?: unknown }).ttl === undefined).length;

let fake: Awaited<ReturnType<typeof startFakeAnthropic>>;
let model: Parameters<typeof generateText>[0]['model'];
/** Six finished turns of the lookup agent: enough for block mode to have closed blocks. */
let history: ModelMessage[];

beforeAll(async () => {
  fake = await startFakeAnthropic(lookupAgentAnswer, { usage: fixedUsage });
  model = wrapLanguageModel({
    model: createAnthropic({ baseURL: fake.baseURL, apiKey: 'sk-ant-test' })('claude-sonnet-4-5'),
    middleware: contextOptimizerMiddleware({ optimizer: new LocalContextOptimizer() }),
  });
  history = [];
  for (let batch = 1; batch <= 6; batch++) {
    history.push({ role: 'user', content: batchQuestion(batch) });
    const result = await generateText({
      model,
      system: 'You answer questions about orders.',
      messages: history,
      tools: lookupTools(false),
      stopWhen: isStepCount(4),
    });
    history.push(...result.responseMessages);
  }
});
afterAll(() => fake.close());

interface AppMarks {
  system: boolean;
  tool: boolean;
  call: boolean;
  /** Indexes into the history's user and tool messages that the app marks. */
  messages: number[];
}

/** The history's messages the app marks. */
function chosenMessages(marks: AppMarks): Set<number> {
  const markable = history.flatMap((message, index) =>
    message.role === 'user' || message.role === 'tool' ? [index] : [],
  );
  return new Set(marks.messages.map((pick) => markable[pick % markable.length]!));
}

const appCountOf = (marks: AppMarks) =>
  Number(marks.system) + Number(marks.tool) + Number(marks.call) + chosenMessages(marks).size;

/** One call on the history with the app's marks, and its requests as sent. */
async function callWith(marks: AppMarks) {
  const chosen = chosenMessages(marks);
  const messages: ModelMessage[] = [
    ...history.map((message, index) =>
      chosen.has(index) ? ({ ...message, providerOptions: APP_MARK } as ModelMessage) : message,
    ),
    { role: 'user', content: batchQuestion(7) },
  ];
  const first = fake.requests.length;
  const result = await generateText({
    model,
    instructions: {
      role: 'system',
      content: 'You answer questions about orders.',
      ...(marks.system ? { providerOptions: APP_MARK } : {}),
    },
    messages,
    tools: lookupTools(marks.tool),
    stopWhen: isStepCount(2),
    ...(marks.call ? { providerOptions: APP_MARK } : {}),
  });
  return { result, requests: fake.requests.slice(first), appCount: appCountOf(marks) };
}

describe('block mode keeps within Anthropic’s four cache breakpoints (@ai-sdk/anthropic, generateText)', () => {
  it('adds its two breakpoints when the app sets none', async () => {
    const { requests } = await callWith({ system: false, tool: false, call: false, messages: [] });
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) expect(ourMarksOf(request)).toBe(2);
  });

  it('an app with three marks of its own keeps them, gets one more, and no warning or 400', async () => {
    const { result, requests, appCount } = await callWith({
      system: true,
      tool: true,
      call: false,
      messages: [0],
    });
    expect(appCount).toBe(3);
    for (const request of requests) {
      expect(cacheBreakpointCount(request)).toBe(MAX_CACHE_BREAKPOINTS);
      expect(appMarksOf(request)).toBe(3);
      expect(ourMarksOf(request)).toBe(1);
    }
    expect(result.finishReason).toBe('stop');
    expect(JSON.stringify(result.warnings ?? [])).not.toContain('cache breakpoints');
    for (const step of result.steps) {
      expect(JSON.stringify(step.warnings ?? [])).not.toContain('cache breakpoints');
    }
  });

  it('relies on the app’s marks when they fill the budget (the request-level mark counts)', async () => {
    const { requests } = await callWith({ system: true, tool: true, call: true, messages: [2] });
    for (const request of requests) {
      expect(cacheBreakpointCount(request)).toBe(MAX_CACHE_BREAKPOINTS);
      expect(ourMarksOf(request)).toBe(0);
    }
  });

  it('whatever marks the app sets (up to the budget), each request has at most four and all of the app’s', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          system: fc.boolean(),
          tool: fc.boolean(),
          call: fc.boolean(),
          messages: fc.uniqueArray(fc.nat({ max: 40 }), { maxLength: 4 }),
        }),
        async (marks) => {
          // More than four of the app's own is the app's 400, with or without block mode.
          fc.pre(appCountOf(marks) <= MAX_CACHE_BREAKPOINTS);
          const { result, requests, appCount } = await callWith(marks);
          for (const request of requests) {
            expect(cacheBreakpointCount(request)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
            expect(appMarksOf(request)).toBe(appCount);
          }
          expect(result.finishReason).toBe('stop');
        },
      ),
      { numRuns: 40 },
    );
  });
});

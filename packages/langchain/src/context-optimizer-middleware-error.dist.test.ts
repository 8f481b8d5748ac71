import { APIError, InternalServerError } from '@ctxopt/core';
import { contextOptimizerMiddleware } from '@ctxopt/langchain';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { createAgent, MiddlewareError } from 'langchain';
import { afterEach, expect, it } from 'vitest';
import { emulatorClient, emulatorFixture } from './test-support/emulator-setup.ts';
import { RecordingChatModel } from './test-support/recording-chat-model.ts';
import { QUESTION, supportHistory } from './test-support/support-conversation.ts';

const fixture = emulatorFixture();
afterEach(() => fixture.closeAll());

it("reaches the typed error through createAgent's MiddlewareError, as its cause", async () => {
  const emulator = await fixture.start();
  emulator.faults.failNext(1, { status: 503 });
  const model = new RecordingChatModel([new AIMessage('Never asked.')]);
  const agent = createAgent({
    model,
    tools: [],
    middleware: [
      contextOptimizerMiddleware({ ...emulatorClient(emulator), minTokens: 0, onError: 'throw' }),
    ],
  });

  const error = await agent
    .invoke({ messages: [...supportHistory(), new HumanMessage(QUESTION)] })
    .catch((caught: unknown) => caught);

  // What the README shows: LangChain wraps the middleware's error, ours is its cause.
  expect(MiddlewareError.isInstance(error)).toBe(true);
  const cause = (error as Error).cause;
  expect(InternalServerError.isInstance(cause)).toBe(true);
  expect(APIError.isInstance(cause)).toBe(true);
  expect(cause).toMatchObject({
    status: 503,
    code: 'injected_fault',
    requestId: emulator.requests.at(-1)!.requestId,
  });
  expect((error as Error).name).toBe('InternalServerError');
  expect(model.calls).toEqual([]);
});

import { contextOptimizerMiddleware } from '@ctxopt/ai-sdk';
import { generateText, wrapLanguageModel } from 'ai';
import { afterEach, expect, it } from 'vitest';
import { echoingErrorBody, startEchoingGateway } from '../../../test/support/echoing-gateway.ts';
import { chatMessages, SYSTEM } from './test-support/conversation.ts';
import { answeringModel } from './test-support/mock-model.ts';

const API_KEY = 'sk-ctxopt-echoed-ai-sdk-51b0';
let gateway: Awaited<ReturnType<typeof startEchoingGateway>> | undefined;
afterEach(() => gateway?.close());

it('keeps an echoed API key out of providerMetadata.ctxopt.error and the warnings', async () => {
  gateway = await startEchoingGateway({ status: 403, body: echoingErrorBody });
  const baseURL = gateway.url;
  const result = await generateText({
    model: wrapLanguageModel({
      model: answeringModel('Runner 4.'),
      middleware: contextOptimizerMiddleware({ apiKey: API_KEY, baseURL }),
    }),
    instructions: SYSTEM,
    messages: chatMessages(),
  });

  expect(result.text).toBe('Runner 4.');
  expect(result.providerMetadata?.ctxopt?.error).toMatchObject({
    status: 403,
    code: '***',
    requestId: 'req ***',
    message: expect.stringContaining('Forbidden for ***'),
  });
  expect(JSON.stringify(result.providerMetadata)).not.toContain(API_KEY);
  expect(JSON.stringify(result.warnings)).not.toContain(API_KEY);
  expect(JSON.stringify(result.response)).not.toContain(API_KEY);
});

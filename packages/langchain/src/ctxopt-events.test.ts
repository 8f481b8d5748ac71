import { APIConnectionError, BadRequestError } from '@ctxopt/core';
import { RunnableLambda } from '@langchain/core/runnables';
import { describe, expect, it } from 'vitest';
import { dispatchError, dispatchUsage, errorEventOf } from './ctxopt-events.ts';
import { EventRecorder } from './test-support/event-recorder.ts';
import { compressBody } from './test-support/fake-service.ts';

describe('ctxopt custom events', () => {
  it('dispatching outside a run resolves without throwing', async () => {
    await expect(dispatchUsage(compressBody('x'), 'compressor')).resolves.toBeUndefined();
    await expect(dispatchError(new Error('boom'), 'runnable')).resolves.toBeUndefined();
  });

  it('reaches handleCustomEvent of the ambient run', async () => {
    const recorder = new EventRecorder();
    const step = RunnableLambda.from(async () => {
      await dispatchUsage(compressBody('x', { requestId: 'req_ambient' }), 'middleware');
      return 'done';
    });
    await step.invoke('in', { callbacks: [recorder] });
    expect(recorder.events('ctxopt_usage')).toMatchObject([{ requestId: 'req_ambient' }]);
  });

  it('carries code, status, message and requestId of an API error, and nothing else', () => {
    const error = new BadRequestError('POST /v1/compress failed with 400 bad: no', {
      status: 400,
      code: 'bad',
      requestId: 'req_400',
      headers: { 'x-request-id': 'req_400' },
    });
    expect(errorEventOf(error, 'compressor')).toEqual({
      source: 'compressor',
      name: 'BadRequestError',
      code: 'bad',
      status: 400,
      requestId: 'req_400',
      message: 'POST /v1/compress failed with 400 bad: no',
    });
    expect(errorEventOf(new APIConnectionError('refused'), 'runnable')).toEqual({
      source: 'runnable',
      name: 'APIConnectionError',
      message: 'refused',
    });
  });
});

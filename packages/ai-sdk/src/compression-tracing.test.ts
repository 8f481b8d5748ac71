import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../../test/support/emulator-fixture.ts';
import { recordSpans } from '../../core/src/test-support/span-recorder.ts';
import { runToolLoop } from './test-support/tool-loop-run.ts';
import './test-support/quiet-warnings.ts';

const emulator = useEmulator();
const exporter = recordSpans();

describe('an OpenTelemetry span per compression (generateText, @ai-sdk/openai)', () => {
  it('records each compression with its tokens, request id, status and cache hit', async () => {
    // The rewrite policy: one span per step; block mode's spans are checked below.
    await runToolLoop({
      steps: 6,
      optimizer: { ...emulator.client(), mode: 'balanced', blocks: false },
    });
    const spans = exporter.getFinishedSpans().filter((span) => span.name === 'compress ctxopt');
    // Step 5 compresses the first result; step 6 reuses it and compresses the second.
    expect(
      spans.map((span) => [
        span.attributes['gen_ai.tool.call.id'],
        span.attributes['ctxopt.cache_hit'],
      ]),
    ).toEqual([
      ['call_1', false],
      ['call_1', true],
      ['call_2', false],
    ]);
    expect(spans[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'compress',
      'gen_ai.tool.name': 'readReport',
      'ctxopt.span.kind': 'tool-result',
      'ctxopt.mode': 'balanced',
      'ctxopt.status': 'compressed',
    });
    expect(spans[0]!.attributes['gen_ai.response.id']).toMatch(/^req_/);
    expect(spans[0]!.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(
      spans[0]!.attributes['gen_ai.usage.output_tokens'] as number,
    );
  });

  it('records a span for each block compression, none for blocks reused from the store', async () => {
    exporter.reset();
    // keepLast 0: each result closes into a block as it arrives (a running loop's results
    // close only in paying batches otherwise, none in 8 steps).
    await runToolLoop({
      steps: 8,
      optimizer: { ...emulator.client(), toolResults: { keepLast: 0 } },
    });
    const spans = exporter.getFinishedSpans().filter((span) => span.name === 'compress ctxopt');
    expect(spans.length).toBeGreaterThan(0);
    expect(spans.length).toBe(emulator.compressCalls());
    expect(spans[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'compress',
      'ctxopt.span.kind': 'block-part',
      'ctxopt.level': 'ultra',
      'ctxopt.cache_hit': false,
      'ctxopt.status': 'compressed',
    });
    expect(spans[0]!.attributes['gen_ai.response.id']).toMatch(/^req_/);
  });
});

import { type Attributes, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { VERSION } from '../version.ts';

/**
 * One OpenTelemetry span per shadow evaluation or observed call (`ctxopt.shadow.*`
 * attributes), so agreement shows in the application's traces beside its model calls.
 * Attributes from `finish` are set before the span ends; a failure marks it as an error.
 */
export async function traceShadow(
  name: 'shadow ctxopt' | 'observe ctxopt',
  attributes: Attributes,
  operation: () => Promise<Attributes>,
): Promise<void> {
  const tracer = trace.getTracer('@ctxopt/core', VERSION);
  await tracer.startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      span.setAttributes(await operation());
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      span.end();
    }
  });
}

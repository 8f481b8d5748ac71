import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { VERSION } from '../version.ts';

/**
 * One OpenTelemetry span per compression, so its time shows beside the model call instead
 * of hiding inside it. `@opentelemetry/api` is a no-op until the application registers a
 * tracer provider. Attribute names follow the GenAI semantic conventions where one fits
 * (`gen_ai.*`) and use `ctxopt.*` for the rest.
 */
export async function traceCompression<T>(
  attributes: Attributes,
  operation: (span: Span) => Promise<T>,
): Promise<T> {
  const tracer = trace.getTracer('@ctxopt/core', VERSION);
  return tracer.startActiveSpan(
    'compress ctxopt',
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'gen_ai.operation.name': 'compress',
        'gen_ai.provider.name': 'ctxopt',
        ...attributes,
      },
    },
    async (span) => {
      try {
        return await operation(span);
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: error instanceof Error ? error.message : String(error),
        });
        span.setAttribute('error.type', error instanceof Error ? error.name : 'Error');
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

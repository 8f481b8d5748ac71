import type { SharedV4Warning } from '@ai-sdk/provider';

/**
 * The warning a call carries when the service failed and the call went on without it,
 * so the failure shows up where the AI SDK reports warnings (logged by default).
 */
export function failOpenWarning(
  operation: 'compress' | 'generate',
  error: unknown,
): SharedV4Warning {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const fallback =
    operation === 'compress'
      ? 'the original prompt was sent to the model'
      : 'the call went to the wrapped model';
  return { type: 'other', message: `ctxopt: ${operation} failed, ${fallback} (${reason})` };
}

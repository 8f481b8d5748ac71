/**
 * The contract's request rules written out plainly, apart from the zod schemas the
 * client and the emulator share, so that a test can judge both against the spec itself.
 */
const levels = ['low', 'standard', 'ultra', 'auto'];
const modes = ['conservative', 'balanced', 'aggressive'];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validContext(context: unknown): boolean {
  if (typeof context === 'string') return true;
  if (!Array.isArray(context) || context.length > 500) return false;
  return context.every(
    (message) =>
      isPlainObject(message) &&
      Object.keys(message).every((key) => key === 'role' || key === 'content') &&
      typeof message.role === 'string' &&
      typeof message.content === 'string',
  );
}

/** Spec 2.1 and 4.1 for a compress body. */
export function obeysCompressContract(body: unknown, extraFields: string[] = []): boolean {
  if (!isPlainObject(body)) return false;
  const allowed = new Set(['context', 'query', 'level', 'mode', ...extraFields]);
  if (!Object.keys(body).every((key) => allowed.has(key))) return false;
  if (!validContext(body.context)) return false;
  if (body.query !== undefined && typeof body.query !== 'string') return false;
  if (body.level !== undefined && !levels.includes(body.level as string)) return false;
  if (body.mode !== undefined && !modes.includes(body.mode as string)) return false;
  return body.level === undefined || body.mode === undefined;
}

/** Spec 2.2 and 4.1 for a generate body. */
export function obeysGenerateContract(body: unknown): boolean {
  if (!obeysCompressContract(body, ['provider', 'model', 'maxOutputTokens'])) return false;
  const { provider, model, maxOutputTokens } = body as Record<string, unknown>;
  if (typeof provider !== 'string' || provider !== provider.toLowerCase() || provider === '') {
    return false;
  }
  if (typeof model !== 'string' || model.length === 0) return false;
  if (maxOutputTokens === undefined) return true;
  return (
    Number.isInteger(maxOutputTokens) &&
    (maxOutputTokens as number) >= 1 &&
    (maxOutputTokens as number) <= 32768
  );
}

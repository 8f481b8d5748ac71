import type { Logger } from '../logger.ts';

/** A logger that keeps every line, message and fields, as text. */
export function capturingLogger() {
  const lines: string[] = [];
  const record = (message: string, fields?: Record<string, unknown>) => {
    lines.push(`${message} ${JSON.stringify(fields)}`);
  };
  const logger: Logger = { error: record, warn: record, info: record, debug: record };
  return { logger, lines };
}

/**
 * Optional logging. Off unless the caller passes a `logger` and the level
 * (`logLevel` option or env `CTXOPT_LOG`) lets a line through.
 */
export type LogLevel = 'off' | 'error' | 'warn' | 'info' | 'debug';

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

const rank: Record<LogLevel, number> = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

export function parseLogLevel(value: string | undefined): LogLevel | undefined {
  const lower = value?.trim().toLowerCase();
  return lower && lower in rank ? (lower as LogLevel) : undefined;
}

/** A logger that drops lines above `level`; `undefined` when nothing would be printed. */
export function levelFilteredLogger(
  logger: Logger | undefined,
  level: LogLevel,
): Logger | undefined {
  if (!logger || level === 'off') return undefined;
  const allowed = (line: LogLevel) => rank[line] <= rank[level];
  return {
    error: (message, fields) => allowed('error') && logger.error(message, fields),
    warn: (message, fields) => allowed('warn') && logger.warn(message, fields),
    info: (message, fields) => allowed('info') && logger.info(message, fields),
    debug: (message, fields) => allowed('debug') && logger.debug(message, fields),
  };
}

const secretHeaders = new Set([
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
  'set-cookie',
]);

/** Copies headers for a log line or an error, with credentials masked. */
export function maskHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    masked[name] = secretHeaders.has(name.toLowerCase())
      ? '***'
      : Array.isArray(value)
        ? value.join(', ')
        : value;
  }
  return masked;
}

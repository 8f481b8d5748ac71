import type { OperationSummary } from '../inspected-operation.ts';

/** The pill colour of a status: `null` is a socket a fault dropped. */
export function statusClass(status: number | null): string {
  if (status === null) return 'status-dropped';
  if (status < 300) return 'status-ok';
  if (status < 500) return 'status-client';
  return 'status-server';
}

/** `level ultra`, `mode balanced`, `default` for an operation without either, `–` for other paths. */
export function levelOrMode(operation: OperationSummary): string {
  if (operation.level) return `level ${operation.level}`;
  if (operation.mode) return `mode ${operation.mode}`;
  return operation.operation ? 'default' : '–';
}

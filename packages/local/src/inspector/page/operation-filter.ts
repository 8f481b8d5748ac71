import type { OperationSummary } from '../inspected-operation.ts';

/** The toolbar's three filters, as their controls hold them. */
export interface OperationFilter {
  /** Free text, matched case-insensitively against the row's fields. */
  text: string;
  /** `''` (all), an endpoint path, or `other` (neither compress nor generate). */
  endpoint: string;
  /** `''` (all), `ok`, `error`, `replayed`, `conflict` or `fault`. */
  kind: string;
}

const API_ENDPOINTS = ['/v1/compress', '/v1/generate'];

function succeeded(operation: OperationSummary): boolean {
  return operation.status !== null && operation.status < 300;
}

function matchesKind(operation: OperationSummary, kind: string): boolean {
  if (kind === 'ok') return succeeded(operation);
  if (kind === 'error') return !succeeded(operation);
  if (kind === 'replayed') return operation.replayed;
  if (kind === 'conflict') return operation.conflict;
  if (kind === 'fault') return Boolean(operation.fault);
  return true;
}

export function matchesFilter(operation: OperationSummary, filter: OperationFilter): boolean {
  const { endpoint } = filter;
  if (endpoint === 'other' && API_ENDPOINTS.includes(operation.endpoint)) return false;
  if (endpoint && endpoint !== 'other' && operation.endpoint !== endpoint) return false;
  if (!matchesKind(operation, filter.kind)) return false;
  const text = filter.text.trim().toLowerCase();
  if (!text) return true;
  const haystack = [
    operation.requestId,
    operation.endpoint,
    operation.method,
    operation.code,
    operation.level,
    operation.mode,
    operation.provider,
    operation.model,
    operation.fault,
    operation.status,
  ].join(' ');
  return haystack.toLowerCase().includes(text);
}

import type { OperationSummary } from '../inspected-operation.ts';

/** What a link to the page asks for: `#op=12` one operation, `#req_…` one requestId. */
export type HashTarget = { operationId: number } | { requestId: string };

/** The target of `location.hash`, or `undefined` for none (or one that does not decode). */
export function hashTarget(hash: string): HashTarget | undefined {
  let text: string;
  try {
    text = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  const wanted = /^op=(\d+)$/.exec(text);
  return wanted ? { operationId: Number(wanted[1]) } : { requestId: text };
}

/** The listed operation a target names (the newest, for a replayed requestId). */
export function findTarget(
  operations: readonly OperationSummary[],
  target: HashTarget,
): OperationSummary | undefined {
  return operations.find((operation) =>
    'operationId' in target
      ? operation.id === target.operationId
      : operation.requestId === target.requestId,
  );
}

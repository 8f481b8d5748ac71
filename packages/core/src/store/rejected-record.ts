/** Keys already reported, so a record read again and again is reported once. */
const reported = new Set<string>();

/**
 * Reports a stored record that failed its checks (a miss from now on, never used): one
 * process warning per record (`CTXOPT_STORE_RECORD_REJECTED`), naming the key and the
 * reason, never the record's text.
 */
export function reportRejectedRecord(key: string, reason: string): void {
  if (reported.has(key)) return;
  reported.add(key);
  // Bounded: past 1,000 keys the oldest are forgotten (and would be reported again).
  if (reported.size > 1_000) reported.delete(reported.values().next().value!);
  process.emitWarning(`ctxopt: a stored record failed its checks and was ignored (${reason}).`, {
    code: 'CTXOPT_STORE_RECORD_REJECTED',
    detail: `key ${key}`,
  });
}

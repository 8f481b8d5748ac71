import { randomUUID } from 'node:crypto';

/** A fresh key for one operation: 41 characters, inside the contract's 8 to 120. */
export function generateIdempotencyKey(): string {
  return `ctxopt-${randomUUID()}`;
}

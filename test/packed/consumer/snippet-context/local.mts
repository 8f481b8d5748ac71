// Free names of @ctxopt/local's README snippets.
import type { ContextMessage } from '@ctxopt/core';
import { startEmulator } from '@ctxopt/local';
import { refundPolicy, shippingPolicy } from './handbook.mts';

export const longText = `${refundPolicy} Version 2 changed the refund window. ${shippingPolicy}`;
export const messages: ContextMessage[] = [
  { role: 'user', content: `The launch is on 4 May. ${refundPolicy}` },
  { role: 'assistant', content: shippingPolicy },
];
export const documents = `Launch plan: the launch is on 4 May. ${shippingPolicy}`;
/** A running emulator; the snippet's process exits when the snippet is done. */
export const emulator = await startEmulator();

// Free names of @ctxopt/ai-sdk's README snippets, against the emulator the test started.
import type { ModelMessage, ToolSet } from 'ai';
import { refundPolicy } from './handbook.mts';

export const apiKey = process.env.CTXOPT_API_KEY;
export const baseURL = process.env.CTXOPT_BASE_URL;
/** The app's own tools. */
export const tools: ToolSet = {};
export const instructions = 'Answer from the handbook.';
export const prompt = `Summarise the refund policy: ${refundPolicy}`;
export const messages: ModelMessage[] = [
  { role: 'user', content: refundPolicy },
  { role: 'assistant', content: 'Noted.' },
  { role: 'user', content: 'How long do refunds take?' },
];

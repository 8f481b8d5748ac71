import { randomUUID } from 'node:crypto';
import { request } from 'undici';

/** What a raw HTTP caller observes: status, headers, the body bytes and their JSON. */
export interface Received {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read into the body freely.
  json: any;
}

export interface SendOptions {
  method?: string;
  path?: string;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  /** The Bearer key; `null` sends no Authorization header. @default the emulator's key */
  apiKey?: string | null;
  /** `null` sends no Idempotency-Key. @default a fresh one */
  idempotencyKey?: string | null;
  /** `null` sends no Content-Type. @default 'application/json' */
  contentType?: string | null;
  headers?: Record<string, string>;
}

/** One raw HTTP request to the emulator, with the contract's headers unless told otherwise. */
export async function send(
  emulator: { url: string; apiKey: string },
  options: SendOptions = {},
): Promise<Received> {
  const headers: Record<string, string> = { ...options.headers };
  const apiKey = options.apiKey === undefined ? emulator.apiKey : options.apiKey;
  if (apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
  const idempotencyKey =
    options.idempotencyKey === undefined ? `test-${randomUUID()}` : options.idempotencyKey;
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const method = options.method ?? 'POST';
  const body =
    options.body === undefined || typeof options.body === 'string'
      ? options.body
      : JSON.stringify(options.body);
  const response = await request(`${emulator.url}${options.path ?? '/v1/compress'}`, {
    method: method as 'POST',
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: body ?? '' }),
  });
  const text = await response.body.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, json };
}

/** A context long enough for the engine to compress (well over its 100-token floor). */
export const LONG_CONTEXT = [
  'The Eiffel Tower was built for the 1889 World Fair in Paris.',
  'Berlin is the capital of Germany and its most populous city.',
  'Bananas are a good source of potassium and vitamin B6.',
  'The Louvre, in Paris, is the most visited art museum in the world.',
  'Mount Everest is the highest mountain above sea level.',
  'The Amazon river carries more water than any other river.',
  'Paris is the capital of France and its largest city.',
  'Honey never spoils when it is stored in a sealed container.',
  'The Great Wall of China is thousands of kilometres long.',
  'Octopuses have three hearts and blue blood.',
  'The Pacific is the largest and deepest of the oceans.',
  'Venus spins in the opposite direction to most planets.',
  'The human brain uses about a fifth of the body energy.',
  'Lightning is about five times hotter than the surface of the Sun.',
  'Koalas sleep up to twenty hours a day in eucalyptus trees.',
  'The first printed books in Europe appeared in the fifteenth century.',
  'Glass is made mostly from sand, soda and lime heated together.',
  'A day on Mercury lasts longer than its year.',
].join(' ');

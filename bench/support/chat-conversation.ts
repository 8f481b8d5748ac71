import type { CompressParams } from '../../packages/core/src/index.ts';
import { seededRandom } from './seeded-random.ts';

/**
 * A realistic chat for the framework benchmarks: a system message, a history of user and
 * assistant turns of 100 to 600 characters each, and a final user question. Built from a
 * seeded generator, so every run (and every machine) gets the same bytes.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatConversation {
  system: string;
  /** Alternating user and assistant turns, user first, assistant last. */
  history: ChatMessage[];
  question: string;
}

export interface ChatConversationOptions {
  /** Messages in all: the system message, the history and the question. @default 200 */
  messages?: number;
  /** Seed of the generator; another seed gives another conversation of the same shape. @default 1 */
  seed?: number;
}

export const MIN_MESSAGE_CHARS = 100;
export const MAX_MESSAGE_CHARS = 600;

const SYSTEM =
  'You are the support engineer of a logistics platform. Answer from the conversation; say so when it does not tell.';
const QUESTION =
  'So which warehouse still has the delayed shipments, and what was the fix for the label printer?';

// Templates filled with numbers, so neighbouring turns are never word-for-word alike.
const userSentences = [
  'Shipment {n} left the {w} warehouse {d} days late according to the tracking page.',
  'Can you check why order {n} still shows as pending in the dashboard?',
  'The label printer at {w} jammed again on batch {n} this morning.',
  'Our finance team needs the invoice totals for region {d} before Friday.',
  'A customer asked whether express delivery to zone {d} is still available.',
  'I restarted the scanner at {w} but parcel {n} is still not registered.',
  'Is the carrier API still returning errors for pickups after {d} pm?',
  'We moved {n} pallets from {w} to the overflow site yesterday.',
];
const assistantSentences = [
  'I looked at shipment {n}: it waited {d} days for a customs document at {w}.',
  'Order {n} is pending because the payment provider has not confirmed it yet.',
  'The printer firmware at {w} was rolled back to version {d}, which fixed the jams.',
  'Region {d} invoices are exported every night; the latest file holds {n} lines.',
  'Express delivery to zone {d} resumes next week once the new carrier contract starts.',
  'Parcel {n} was scanned twice, so the second scan at {w} was rejected as a duplicate.',
  'The carrier API timed out {d} times yesterday; their status page reports an incident.',
  'The overflow site now holds {n} pallets, about {d} percent of its capacity.',
];
const warehouses = ['Leeds', 'Rotterdam', 'Lyon', 'Gdansk', 'Porto', 'Bremen'];

function turnText(templates: readonly string[], random: () => number): string {
  const target =
    MIN_MESSAGE_CHARS + Math.floor(random() * (MAX_MESSAGE_CHARS - MIN_MESSAGE_CHARS + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const sentence = () =>
    pick(templates)
      .replace('{n}', String(1000 + Math.floor(random() * 9000)))
      .replace('{d}', String(2 + Math.floor(random() * 28)))
      .replace('{w}', pick(warehouses));
  let text = sentence();
  for (;;) {
    const next = sentence();
    // Below the minimum a sentence is always added; every sentence is under 100 characters.
    if (text.length >= MIN_MESSAGE_CHARS && text.length + 1 + next.length > target) return text;
    text = `${text} ${next}`;
  }
}

/** The conversation with `messages` messages in all (at least 4, even, so the turns pair up). */
export function chatConversation(options: ChatConversationOptions = {}): ChatConversation {
  const messages = options.messages ?? 200;
  if (!(Number.isInteger(messages) && messages >= 4 && messages % 2 === 0)) {
    throw new RangeError(
      `chatConversation: messages must be an even integer of at least 4 (got ${messages})`,
    );
  }
  const random = seededRandom(options.seed ?? 1);
  const history = Array.from({ length: messages - 2 }, (_, index): ChatMessage => {
    const role = index % 2 === 0 ? 'user' : 'assistant';
    return {
      role,
      content: turnText(role === 'user' ? userSentences : assistantSentences, random),
    };
  });
  return { system: SYSTEM, history, question: QUESTION };
}

/** What the framework benchmarks' fake models answer to every call. */
export const MODEL_ANSWER = 'The Rotterdam warehouse; the printer firmware was rolled back.';

/**
 * The `POST /v1/compress` body the adapters send for this conversation (the history as
 * it is, the question as `query`), which the hand-written baselines send too.
 */
export function compressParamsOf(conversation: ChatConversation): CompressParams {
  return {
    context: conversation.history.map(({ role, content }) => ({ role, content })),
    query: conversation.question,
    level: 'standard',
  };
}

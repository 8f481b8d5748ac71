/**
 * The agent conversation of the conversation-cost suite: each turn asks for a batch of
 * orders, the model calls the `lookup` tool, the tool answers 40 records (about 1,000
 * tokens), the model answers. Late questions ask for one record of an early batch.
 */

const statuses = ['shipped', 'pending', 'returned', 'cancelled'] as const;
const warehouses = ['Leeds', 'Lyon', 'Porto', 'Gdansk', 'Turin'] as const;

/** Order ids of batch `batch`: batch * 1000 + 0..39. */
export function orderId(batch: number, index: number): number {
  return batch * 1000 + index;
}

/** The record line of one order: every field a later question might ask about. */
export function orderRecord(batch: number, index: number): string {
  const seed = (batch * 7919 + index * 104_729) % 100_003;
  const total = ((seed % 90_000) / 100 + 10).toFixed(2);
  const day = String((seed % 28) + 1).padStart(2, '0');
  return (
    `order ${orderId(batch, index)} | customer ${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'][seed % 5]}-${seed % 997} | ` +
    `status ${statuses[seed % 4]} | total ${total} EUR | placed 2026-0${(seed % 9) + 1}-${day} | warehouse ${warehouses[seed % 5]}`
  );
}

/** The lookup tool's result for a batch: 40 record lines. */
export function lookupResult(batch: number): string {
  return Array.from({ length: 40 }, (_, index) => orderRecord(batch, index)).join('\n');
}

export const SYSTEM_PROMPT =
  'You are an order-desk assistant. Use the lookup tool to read a batch of orders, then answer briefly. ' +
  'Answer questions about earlier lookups from the conversation.';

export function turnQuestion(batch: number): string {
  return `Please look up the orders of batch ${batch} and tell me how many are pending.`;
}

/**
 * What the answer to a turn's question needs: every pending record of its batch. Whether
 * these reach the model in the turn's calls tells whether compression left the current
 * answer complete.
 */
export function turnFacts(batch: number): string[] {
  return Array.from({ length: 40 }, (_, index) => orderRecord(batch, index)).filter((line) =>
    line.includes('| status pending |'),
  );
}

/** A late question: the total of one order of an early batch, and the fact that answers it. */
export interface LateQuestion {
  question: string;
  orderId: number;
  /** The text that must reach the model: the order's whole record line. */
  fact: string;
}

/** `count` late questions about the first `earlyTurns` batches, spread evenly. */
export function lateQuestions(count: number, earlyTurns: number): LateQuestion[] {
  return Array.from({ length: count }, (_, index) => {
    const batch = (index % earlyTurns) + 1;
    const record = (index * 17 + 5) % 40;
    return {
      question: `What was the total of order ${orderId(batch, record)}, and which warehouse shipped it?`,
      orderId: orderId(batch, record),
      fact: orderRecord(batch, record),
    };
  });
}

// The handle line, as it reads in the prompt's JSON (quotes escaped) or as plain text.
const handlePattern = /ctxopt_retrieve \{\\?"handle\\?":\\?"(cx[0-9a-f]{32})\\?"\}/g;

/**
 * The scripted model. A batch request: call `lookup`, then answer from its result. A late
 * question: answer when the order's record is in the prompt; otherwise, if a compressed
 * result of the order's batch carries a handle, ask `ctxopt_retrieve` for its original,
 * as a model does when the compressed text is not enough.
 */
export function scriptedReply(
  promptText: string,
  lastUserText: string,
  lastIsToolResult: boolean,
  canRetrieve: boolean,
): { text: string } | { toolCalls: { name: string; input: Record<string, unknown> }[] } {
  const batchRequest = /look up the orders of batch (\d+)/i.exec(lastUserText);
  if (batchRequest) {
    if (lastIsToolResult) return { text: `Batch ${batchRequest[1]} is listed above.` };
    return { toolCalls: [{ name: 'lookup', input: { batch: Number(batchRequest[1]) } }] };
  }
  const late = /order (\d+),/.exec(lastUserText);
  if (!late) return { text: 'Noted.' };
  const id = Number(late[1]);
  if (promptText.includes(`order ${id} |`)) return { text: `Order ${id}: found.` };
  if (canRetrieve && !lastIsToolResult) {
    const batch = Math.floor(id / 1000);
    for (const handle of handlesOfBatch(promptText, batch)) {
      return { toolCalls: [{ name: 'ctxopt_retrieve', input: { handle } }] };
    }
  }
  return { text: `I cannot find order ${id}.` };
}

/** Handles of compressed texts that kept some order of `batch` (so the model knows which to ask for). */
function handlesOfBatch(promptText: string, batch: number): string[] {
  const handles: string[] = [];
  for (const match of promptText.matchAll(handlePattern)) {
    const before = promptText.slice(Math.max(0, match.index - 6_000), match.index);
    const lastHandle = before.lastIndexOf('ctxopt_retrieve {');
    const text = before.slice(lastHandle + 1);
    const ids = [...text.matchAll(/order (\d+) \|/g)].map((found) =>
      Math.floor(Number(found[1]) / 1000),
    );
    if (ids.length > 0 && ids.at(-1) === batch) handles.push(match[1]!);
  }
  return handles;
}

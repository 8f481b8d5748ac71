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

/**
 * How the lookup tool prints its records: one record a line (`records`), one paragraph of
 * prose with a sentence a record (`prose`), a JSON array (`json`), or a batch-by-batch mix
 * of the three (`mix`).
 */
export type RecordShape = 'records' | 'prose' | 'json' | 'mix';
export const recordShapes: readonly RecordShape[] = ['records', 'prose', 'json', 'mix'];

/** The shape batch `batch` is printed in. */
function shapeOf(shape: RecordShape, batch: number): Exclude<RecordShape, 'mix'> {
  return shape === 'mix' ? (['records', 'prose', 'json'] as const)[batch % 3]! : shape;
}

/** The fields of one order: every field a later question might ask about. */
function orderFields(batch: number, index: number) {
  const seed = (batch * 7919 + index * 104_729) % 100_003;
  return {
    order: orderId(batch, index),
    customer: `${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'][seed % 5]}-${seed % 997}`,
    status: statuses[seed % 4]!,
    total: `${((seed % 90_000) / 100 + 10).toFixed(2)} EUR`,
    placed: `2026-0${(seed % 9) + 1}-${String((seed % 28) + 1).padStart(2, '0')}`,
    warehouse: warehouses[seed % 5]!,
  };
}

/** One order as the lookup tool prints it in `shape`: a line, a sentence or a JSON object. */
export function orderRecord(batch: number, index: number, shape: RecordShape = 'records'): string {
  const fields = orderFields(batch, index);
  const { order, customer, status, total, placed, warehouse } = fields;
  switch (shapeOf(shape, batch)) {
    case 'prose':
      return `Order ${order} was placed on ${placed} by customer ${customer}, is ${status}, totals ${total} and ships from the ${warehouse} warehouse.`;
    case 'json':
      return JSON.stringify(fields);
    default:
      return `order ${order} | customer ${customer} | status ${status} | total ${total} | placed ${placed} | warehouse ${warehouse}`;
  }
}

/** The lookup tool's result for a batch: its 40 records in `shape`. */
export function lookupResult(batch: number, shape: RecordShape = 'records'): string {
  const records = Array.from({ length: 40 }, (_, index) => orderRecord(batch, index, shape));
  switch (shapeOf(shape, batch)) {
    case 'prose':
      return records.join(' ');
    case 'json':
      return `[${records.join(',')}]`;
    default:
      return records.join('\n');
  }
}

/**
 * Whether a prompt, as the fake provider records it (each block JSON-encoded), shows
 * `fact`: as written, or with its quotes escaped (a JSON record inside a tool result).
 */
export function promptShows(promptText: string, fact: string): boolean {
  return promptText.includes(fact) || promptText.includes(JSON.stringify(fact).slice(1, -1));
}

export const SYSTEM_PROMPT =
  'You are an order-desk assistant. Use the lookup tool to read a batch of orders, then answer briefly. ' +
  'Answer questions about earlier lookups from the conversation.';

export function turnQuestion(batch: number): string {
  return `Please look up the orders of batch ${batch} and tell me how many are pending.`;
}

/** The question of a long tool loop: one user turn, one `lookup` step a batch. */
export function loopQuestion(from: number, to: number): string {
  return `Please look up the orders of batches ${from} to ${to}, one batch a step, and tell me how many are pending in each.`;
}

/**
 * A conversation of the suite as data: the user's turns, the batches each turn's answer
 * needs, how the tool prints, and how many model steps a turn may take. Generated from
 * its parameters alone (no seed is drawn at run time), never tuned on.
 */
export interface AgentConversation {
  name: string;
  questions: string[];
  /** For each turn, the batches its answer needs (their pending records must reach the model). */
  batches: number[][];
  shape: RecordShape;
  /** Model steps a turn may take. */
  maxSteps: number;
}

/** `turns` turns, one batch each, with one `lookup` call a turn. */
export function turnsConversation(
  turns: number,
  shape: RecordShape = 'records',
): AgentConversation {
  return {
    name: `${turns} turns, ${shape}`,
    questions: Array.from({ length: turns }, (_, index) => turnQuestion(index + 1)),
    batches: Array.from({ length: turns }, (_, index) => [index + 1]),
    shape,
    maxSteps: 4,
  };
}

/** One user turn whose tool loop reads `steps` batches, one a step, then answers. */
export function loopConversation(steps: number, shape: RecordShape = 'records'): AgentConversation {
  return {
    name: `one turn, ${steps}-step tool loop, ${shape}`,
    questions: [loopQuestion(1, steps)],
    batches: [Array.from({ length: steps }, (_, index) => index + 1)],
    shape,
    maxSteps: steps + 4,
  };
}

/**
 * What the answer to a turn's question needs: every pending record of its batch. Whether
 * these reach the model in the turn's calls tells whether compression left the current
 * answer complete.
 */
export function turnFacts(batch: number, shape: RecordShape = 'records'): string[] {
  return Array.from({ length: 40 }, (_, index) => index)
    .filter((index) => orderFields(batch, index).status === 'pending')
    .map((index) => orderRecord(batch, index, shape));
}

/** A late question: the total of one order of an early batch, and the fact that answers it. */
export interface LateQuestion {
  question: string;
  orderId: number;
  /** The text that must reach the model: the order's whole record line. */
  fact: string;
}

/** `count` late questions about the first `earlyTurns` batches, spread evenly. */
export function lateQuestions(
  count: number,
  earlyTurns: number,
  shape: RecordShape = 'records',
): LateQuestion[] {
  return Array.from({ length: count }, (_, index) => {
    const batch = (index % earlyTurns) + 1;
    const record = (index * 17 + 5) % 40;
    return {
      question: `What was the total of order ${orderId(batch, record)}, and which warehouse shipped it?`,
      orderId: orderId(batch, record),
      fact: orderRecord(batch, record, shape),
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
  const loop = /look up the orders of batches (\d+) to (\d+)/i.exec(lastUserText);
  if (loop) {
    // The next batch follows the last one the prompt shows looked up after the question;
    // a loop whose earlier calls were pruned goes on from the last it still sees.
    const from = Number(loop[1]);
    const to = Number(loop[2]);
    const after = promptText.slice(promptText.lastIndexOf('one batch a step'));
    const looked = [...after.matchAll(/\\?"batch\\?":(\d+)/g)].map((match) => Number(match[1]));
    const next = looked.length > 0 ? Math.max(...looked) + 1 : from;
    if (next > to) return { text: `Batches ${from} to ${to} are listed above.` };
    return { toolCalls: [{ name: 'lookup', input: { batch: next } }] };
  }
  const batchRequest = /look up the orders of batch (\d+)/i.exec(lastUserText);
  if (batchRequest) {
    if (lastIsToolResult) return { text: `Batch ${batchRequest[1]} is listed above.` };
    return { toolCalls: [{ name: 'lookup', input: { batch: Number(batchRequest[1]) } }] };
  }
  const late = /order (\d+),/.exec(lastUserText);
  if (!late) return { text: 'Noted.' };
  const id = Number(late[1]);
  if (orderShown(promptText, id)) return { text: `Order ${id}: found.` };
  if (canRetrieve && !lastIsToolResult) {
    const batch = Math.floor(id / 1000);
    for (const handle of handlesOfBatch(promptText, batch)) {
      return { toolCalls: [{ name: 'ctxopt_retrieve', input: { handle } }] };
    }
  }
  return { text: `I cannot find order ${id}.` };
}

/** Where a record of any shape names its order: `order 1005 |`, `Order 1005 was`, `\"order\":1005`. */
const orderMention = /order (\d+) \||Order (\d+) was|\\?"order\\?":(\d+)/g;

/** Whether the prompt shows order `id`'s record (in any shape). */
function orderShown(promptText: string, id: number): boolean {
  for (const match of promptText.matchAll(orderMention)) {
    if (Number(match[1] ?? match[2] ?? match[3]) === id) return true;
  }
  return false;
}

/** Handles of compressed texts that kept some order of `batch` (so the model knows which to ask for). */
function handlesOfBatch(promptText: string, batch: number): string[] {
  const handles: string[] = [];
  for (const match of promptText.matchAll(handlePattern)) {
    const before = promptText.slice(Math.max(0, match.index - 6_000), match.index);
    const lastHandle = before.lastIndexOf('ctxopt_retrieve {');
    const text = before.slice(lastHandle + 1);
    const ids = [...text.matchAll(orderMention)].map((found) =>
      Math.floor(Number(found[1] ?? found[2] ?? found[3]) / 1000),
    );
    if (ids.length > 0 && ids.at(-1) === batch) handles.push(match[1]!);
  }
  return handles;
}

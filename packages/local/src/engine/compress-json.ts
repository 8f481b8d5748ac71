import { documentScores } from './bm25-signals.ts';
import { isStopWord, termsOf } from './terms.ts';
import { countTokens } from './tokenizer.ts';
import { DEFAULT_TUNING } from './tuning.ts';

/**
 * Compression of a JSON document (a tool's output, an API response) that gives back
 * valid JSON. First without loss: minified, or with the repeated keys of uniform arrays
 * of objects factored out (`{"$columns": [...], "$rows": [[...], ...]}`) when only that
 * fits the budget. Then by pruning: the members whose keys the query names (a path such
 * as `repository.owner.id` counts most when its keys meet in that order), with the
 * structure around them, come first; then the rest breadth first (the top-level members,
 * the first items of each array) while the budget lasts. Dropped members and array
 * items are left out, never replaced by a marker, so the output parses as the same kind
 * of document.
 */

/**
 * A number as its source text (`JSON.rawJSON`), so that serialising gives back exactly the
 * digits that came in: `12345678901234567890`, `1.10` and `1e400` are not rounded,
 * shortened or turned into `null`.
 */
interface RawNumber {
  readonly rawJSON: string;
}

type Json = null | boolean | RawNumber | string | Json[] | { [key: string]: Json };

/** A JSON object or array. */
export type JsonDocument = Json[] | { [key: string]: Json };

/** `JSON.rawJSON` and `JSON.isRawJSON` (Node 21 and later), which TypeScript's library lacks. */
const rawJson = JSON as unknown as {
  rawJSON(text: string): RawNumber;
  isRawJSON(value: unknown): value is RawNumber;
};

interface Node {
  /** The member's key, or the item's index in its array (-1 for the root). */
  key: string | number;
  value: Json;
  parent: number;
  depth: number;
  /** Characters this node adds on its own: key, separators, a scalar or empty brackets. */
  cost: number;
  /** How much of the query's path ends at this member (0 when not named). */
  named: number;
  /** 1 for a named member's descendants, 0 otherwise. */
  underNamed: number;
  /** The query relevance of the document (see `rankDocuments`) this node lies in, or 0. */
  documentScore: number;
}

/** A string at least this long is prose: an object holding one is a document. */
// Not tuned: under PARAGRAPH_LINE (block-cuts.ts), over most values an API returns; NQ as a
// JSON array, dev: 95.2% at 4x and 89.8% at 10x (30.2% and 15.0% before).
const DOCUMENT_TEXT = 200;

function isDocument(value: Json): boolean {
  return (
    isContainer(value) &&
    !Array.isArray(value) &&
    Object.values(value).some(
      (member) => typeof member === 'string' && member.length >= DOCUMENT_TEXT,
    )
  );
}

/**
 * An array of documents (`[{ "title": ..., "text": ... }, ...]`, what a retriever
 * returns) is ranked against the query with BM25 over each document's strings, so the
 * documents that answer are kept whole first, as passages of a text context are.
 */
function rankDocuments(nodes: Node[], query: string): void {
  const terms = [...new Set(termsOf(query))].filter((term) => !isStopWord(term));
  if (terms.length === 0) return;
  // The objects of each array; an array is of documents when most of them are.
  const groups = new Map<number, number[]>();
  const prose = new Map<number, number>();
  for (let index = 1; index < nodes.length; index++) {
    const node = nodes[index]!;
    if (typeof node.key !== 'number' || !isContainer(node.value) || Array.isArray(node.value)) {
      continue;
    }
    const siblings = groups.get(node.parent) ?? [];
    siblings.push(index);
    groups.set(node.parent, siblings);
    if (isDocument(node.value)) prose.set(node.parent, (prose.get(node.parent) ?? 0) + 1);
  }
  for (const [parent, documents] of groups) {
    if (documents.length < 2 || 2 * (prose.get(parent) ?? 0) < documents.length) continue;
    const counts = documents.map((index) => {
      const words = termsOf(
        Object.values(nodes[index]!.value as { [key: string]: Json })
          .filter((member) => typeof member === 'string')
          .join(' '),
      );
      const count = new Map<string, number>();
      for (const word of words) count.set(word, (count.get(word) ?? 0) + 1);
      return { count, length: words.length };
    });
    // The same BM25, with the same weights, as the sections of a text (bm25-signals.ts).
    const slots = terms.length;
    const frequency = new Float64Array(documents.length * slots);
    const lengths = new Float64Array(documents.length);
    counts.forEach(({ count, length }, at) => {
      lengths[at] = length;
      terms.forEach((term, slot) => {
        frequency[at * slots + slot] = count.get(term) ?? 0;
      });
    });
    const scores = documentScores(frequency, lengths, slots, DEFAULT_TUNING);
    documents.forEach((index, at) => {
      nodes[index]!.documentScore = scores[at]!;
    });
  }
  // A document's members take its score.
  for (let index = 1; index < nodes.length; index++) {
    const parent = nodes[nodes[index]!.parent]!;
    if (nodes[index]!.documentScore === 0) nodes[index]!.documentScore = parent.documentScore;
  }
}

function isContainer(value: Json): value is JsonDocument {
  return typeof value === 'object' && value !== null && !rawJson.isRawJSON(value);
}

/**
 * What a text holds as JSON: `undefined` when it is not one JSON object or array;
 * `{ document }` when it is, its numbers kept as their source text; `{ document:
 * undefined }` when it is one but nested too deep to take apart without running out of
 * stack (thousands of levels), so it can only be kept whole or dropped whole.
 */
export interface ParsedJson {
  document: JsonDocument | undefined;
}

export function parseJsonDocument(text: string): ParsedJson | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const value = JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
      typeof value === 'number' && context?.source !== undefined
        ? rawJson.rawJSON(context.source)
        : value,
    ) as JsonDocument;
    return { document: value };
  } catch (error) {
    if (!(error instanceof RangeError)) return undefined;
  }
  // Out of stack in the reviver: valid JSON nested too deep, or not JSON at all. The
  // parser without a reviver takes any depth.
  try {
    JSON.parse(text);
    return { document: undefined };
  } catch {
    return undefined;
  }
}

/**
 * Sets a member, `__proto__` included: assigning that key would set the object's
 * prototype instead of adding a member (JSON.parse makes it an own member).
 */
function setMember(object: { [key: string]: Json }, key: string, value: Json): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else object[key] = value;
}

/** The key paths of a query: `a.b[0].c` is ['a', 'b', 'c']; each other word is a path of one. */
function queryPaths(query: string): string[][] {
  const paths: string[][] = [];
  for (const [path] of query.matchAll(/[\w$-]+(?:(?:\.|\[\d+\]\.?)[\w$-]+)*/g)) {
    const keys = path.split(/\.|\[\d+\]\.?/).filter((key) => key.length > 0);
    if (keys.length > 0) paths.push(keys);
  }
  return paths;
}

/** How many keys of a query path end at `node`, following its ancestors' keys. */
function pathMatch(nodes: Node[], index: number, paths: string[][]): number {
  let best = 0;
  for (const path of paths) {
    let at = index;
    let matched = 0;
    for (let part = path.length - 1; part >= 0 && at >= 0; ) {
      const { key } = nodes[at]!;
      if (typeof key === 'number') {
        at = nodes[at]!.parent;
        continue;
      }
      if (key !== path[part]) break;
      matched++;
      part--;
      at = nodes[at]!.parent;
    }
    best = Math.max(best, matched);
  }
  return best;
}

function flatten(root: Json, paths: string[][]): Node[] {
  const nodes: Node[] = [
    {
      key: -1,
      value: root,
      parent: -1,
      depth: 0,
      cost: 2,
      named: 0,
      underNamed: 0,
      documentScore: 0,
    },
  ];
  for (let index = 0; index < nodes.length; index++) {
    const node = nodes[index]!;
    const { value } = node;
    if (!isContainer(value)) continue;
    const under = node.named > 0 || node.underNamed > 0 ? 1 : 0;
    const children: Array<[string | number, Json]> = Array.isArray(value)
      ? value.map((item, position) => [position, item])
      : Object.entries(value);
    for (const [key, child] of children) {
      const own = isContainer(child) ? 2 : JSON.stringify(child).length;
      const keyCost = typeof key === 'string' ? JSON.stringify(key).length + 1 : 0;
      nodes.push({
        key,
        value: child,
        parent: index,
        depth: node.depth + 1,
        cost: keyCost + own + 1,
        named: 0,
        underNamed: under,
        documentScore: 0,
      });
      const added = nodes.length - 1;
      if (typeof key === 'string') nodes[added]!.named = pathMatch(nodes, added, paths);
    }
  }
  return nodes;
}

/** The kept nodes for a budget of `characters`. */
function choose(nodes: Node[], characters: number): Uint8Array {
  const kept = new Uint8Array(nodes.length);
  kept[0] = 1;
  let used = nodes[0]!.cost;
  // The best-named members and their ancestors first, whatever they cost.
  let best = 0;
  for (const node of nodes) best = Math.max(best, node.named);
  if (best > 0) {
    for (let index = 1; index < nodes.length; index++) {
      if (nodes[index]!.named !== best) continue;
      for (let at = index; at > 0 && !kept[at]; at = nodes[at]!.parent) {
        kept[at] = 1;
        used += nodes[at]!.cost;
      }
    }
  }
  // Then other named members, what lies under named ones, then the rest: the documents
  // that answer the query best first, each whole, then shallow first.
  const order = nodes.map((_, index) => index).slice(1);
  const rank = (index: number) => {
    const node = nodes[index]!;
    return node.named > 0 ? 0 : node.underNamed ? 1 : 2;
  };
  order.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      nodes[b]!.documentScore - nodes[a]!.documentScore ||
      nodes[a]!.depth - nodes[b]!.depth ||
      a - b,
  );
  for (const index of order) {
    if (kept[index]) continue;
    const node = nodes[index]!;
    if (!kept[node.parent] || used + node.cost > characters) continue;
    kept[index] = 1;
    used += node.cost;
  }
  return kept;
}

function build(nodes: Node[], kept: Uint8Array): Json {
  const copies: Json[] = nodes.map((node) =>
    isContainer(node.value) ? (Array.isArray(node.value) ? [] : {}) : node.value,
  );
  for (let index = 1; index < nodes.length; index++) {
    if (!kept[index]) continue;
    const { parent, key } = nodes[index]!;
    const container = copies[parent]!;
    if (Array.isArray(container)) container.push(copies[index]!);
    else setMember(container as { [key: string]: Json }, key as string, copies[index]!);
  }
  return copies[0]!;
}

/** Arrays of two or more objects with the same keys, as columns and rows. */
function factor(value: Json): Json {
  if (Array.isArray(value)) {
    const items = value.map(factor);
    const first = items[0];
    if (first !== undefined && items.length >= 2 && isContainer(first) && !Array.isArray(first)) {
      const columns = Object.keys(first);
      const uniform = items.every(
        (item) =>
          isContainer(item) &&
          !Array.isArray(item) &&
          Object.keys(item).length === columns.length &&
          columns.every((column, position) => Object.keys(item)[position] === column),
      );
      if (uniform && columns.length > 0) {
        const rows = items.map((item) =>
          columns.map((column) => (item as { [key: string]: Json })[column]!),
        );
        return { $columns: columns, $rows: rows };
      }
    }
    return items;
  }
  if (isContainer(value)) {
    const copy: { [key: string]: Json } = {};
    for (const [key, child] of Object.entries(value)) setMember(copy, key, factor(child));
    return copy;
  }
  return value;
}

export interface JsonCompression {
  text: string;
  tokens: number;
}

/**
 * The document within `budget` tokens: minified, factored, or pruned (see the module
 * comment). Pruning keeps at least the root's brackets, so the text is never empty.
 * `undefined` when the document is nested too deep to serialise: keep it whole.
 */
export function compressJson(
  document: JsonDocument,
  query: string,
  budget: number,
): JsonCompression | undefined {
  try {
    return compressDocument(document, query, budget);
  } catch (error) {
    // Nested deeper than serialising can go: the caller keeps the text whole.
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

function compressDocument(document: JsonDocument, query: string, budget: number): JsonCompression {
  const minified = JSON.stringify(document);
  const minifiedTokens = countTokens(minified);
  if (minifiedTokens <= budget) return { text: minified, tokens: minifiedTokens };
  const factored = JSON.stringify(factor(document));
  if (factored.length < minified.length) {
    const factoredTokens = countTokens(factored);
    if (factoredTokens <= budget) return { text: factored, tokens: factoredTokens };
  }
  const nodes = flatten(document, queryPaths(query));
  rankDocuments(nodes, query);
  let characters = Math.floor((budget * minified.length) / Math.max(1, minifiedTokens));
  let best: JsonCompression | undefined;
  // Characters per token vary along the document: shrink the guess until it fits.
  for (let attempt = 0; attempt < 6; attempt++) {
    const text = JSON.stringify(build(nodes, choose(nodes, characters)));
    const tokens = countTokens(text);
    if (!best || (tokens <= budget && (best.tokens > budget || tokens > best.tokens))) {
      best = { text, tokens };
    }
    if (tokens <= budget) {
      if (tokens >= budget * 0.9) break;
      characters = Math.floor((characters * budget) / Math.max(1, tokens) / 1.02);
    } else characters = Math.floor((characters * budget) / tokens / 1.05);
    if (characters <= 2) break;
  }
  return best!;
}

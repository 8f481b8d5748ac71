import type { ContextMessage } from '@ctxopt/core';
import { type AssembledOutput, assembleOutput } from './assemble-output.ts';
import { countChunks } from './chunk-counter.ts';
import { compressJson, type ParsedJson, parseJsonDocument } from './compress-json.ts';
import type { Label } from './role-label.ts';
import type { Unit } from './segment.ts';

/**
 * A message whose content is one JSON object or array (a tool result that holds an API
 * response, say) comes back as valid JSON, like a context that is one JSON document
 * (compress-json.ts). Turn selection keeps such a message whole or drops it whole; unit
 * selection may keep only some of its sentences, which would be fragments of JSON, so
 * there the message is rebuilt: kept whole when all of it was kept, dropped when none
 * was, and otherwise compressed as a document (minified, factored, then pruned, keeping
 * the paths the query names) to the tokens the selection gave it. A document nested too
 * deep to take apart is kept whole rather than cut.
 */

/** The messages whose content parses as one JSON object or array, by index. */
export function jsonMessages(messages: readonly ContextMessage[]): Map<number, ParsedJson> {
  const found = new Map<number, ParsedJson>();
  messages.forEach((message, index) => {
    const parsed = parseJsonDocument(message.content);
    if (parsed) found.set(index, parsed);
  });
  return found;
}

export interface JsonMessageAssembly {
  /** The rendered conversation (render-context.ts) and its role labels. */
  text: string;
  labels: readonly Label[];
  messages: readonly ContextMessage[];
  json: ReadonlyMap<number, ParsedJson>;
  units: readonly Unit[];
  tokens: Int32Array;
  kept: Uint8Array;
  query: string;
}

/** The kept units joined message by message, each JSON message valid JSON or absent. */
export function assembleWithJsonMessages(input: JsonMessageAssembly): AssembledOutput {
  const { text, labels, messages, json, units, tokens, kept, query } = input;
  const pieces: string[] = [];
  let unit = 0;
  for (let message = 0; message < labels.length; message++) {
    const label = labels[message]!;
    // Messages are joined by one line break (render-context.ts).
    const end = message + 1 < labels.length ? labels[message + 1]!.start - 1 : text.length;
    const contentStart = end - messages[message]!.content.length;
    while (unit < units.length && units[unit]!.end <= label.start) unit++;
    let last = unit;
    while (last < units.length && units[last]!.start < end) last++;
    // Units are clipped to the message, so no fragment of a neighbour comes along.
    const own = units.slice(unit, last).map((item) => ({
      ...item,
      start: Math.max(item.start, label.start),
      end: Math.min(item.end, end),
    }));
    let anyKept = false;
    let allKept = true;
    let keptContentTokens = 0;
    for (let at = unit; at < last; at++) {
      if (!kept[at]) {
        allKept = false;
        continue;
      }
      anyKept = true;
      if (units[at]!.end > contentStart) keptContentTokens += tokens[at]!;
    }
    const parsed = json.get(message);
    if (anyKept && parsed && !allKept) {
      const content = messages[message]!.content;
      const compressed =
        parsed.document && compressJson(parsed.document, query, Math.max(1, keptContentTokens));
      pieces.push(
        `${text.slice(label.start, label.end)} ${compressed ? compressed.text : content.trim()}`,
      );
    } else if (anyKept) {
      const piece = assembleOutput(
        text,
        own,
        tokens.subarray(unit, last),
        kept.subarray(unit, last),
      );
      if (piece.text.length > 0) pieces.push(piece.text);
    }
    unit = Math.max(unit, last - 1);
  }
  const output = pieces.join('\n');
  return { text: output, tokens: countChunks(output) };
}

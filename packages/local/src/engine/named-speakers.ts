import type { MessageSpan } from './message-spans.ts';
import type { QueryTerms } from './query-terms.ts';
import type { SpeakerLabel } from './speaker-labels.ts';
import { termsOf } from './terms.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * The messages of a conversation said by the one speaker the query names: 1 for each
 * message whose speaker label (speaker-labels.ts) holds a content word of the query. A
 * question about what someone said or did ("What does Ross tell the doctor Marcel is
 * like?", "What is Nebraas's job?") is answered in that speaker's turns, which often share
 * no other word with it ("Ross Geller: No - no, he's very docile."). The name as a query
 * term matches those turns already, but weakly: it opens many turns, so its BM25 weight
 * is low. On the dev sets, a question naming one speaker finds its evidence in that
 * speaker's turns 60% of the time in a group conversation where they say 11% of the turns
 * (FriendsQA), 97% in a conversation of two (REALTALK).
 *
 * Undefined when the query names no speaker, or two or more (a question about what two
 * people did together: with every named speaker lifted, FriendsQA lost a point at 10x;
 * names are compared as written, so a joint label "Chandler Bing and Joey Tribbiani" beside
 * "Joey Tribbiani" counts as two), or when the named speaker says every message (that
 * ranks nothing). A question about what was done to the named speaker ("Who did Ross
 * ignore?") is answered in another speaker's turn, and loses by the rule: on FriendsQA at
 * 10x, ten questions gain and nine lose, most of them such. Linear in the messages; each
 * distinct name is matched against the query once.
 */
export function namedSpeakerMessages(
  text: string,
  /** The conversation's speaker labels (speakerLabels). */
  found: readonly SpeakerLabel[],
  spans: readonly MessageSpan[],
  index: UnitIndex,
  terms: QueryTerms,
): Uint8Array | undefined {
  if (found.length === 0) return undefined;
  // Whether each distinct name holds a content word of the query, decided once a name.
  const holds = new Map<string, boolean>();
  let named: string | undefined;
  const messages = new Set<number>();
  for (const label of found) {
    const name = text.slice(label.start, label.end);
    let hit = holds.get(name);
    if (hit === undefined) {
      hit = termsOf(name, index.language).some((term) => {
        const id = index.termIds.get(term);
        return id !== undefined && !index.stop[id] && terms.slotOf[id]! >= 0;
      });
      holds.set(name, hit);
    }
    if (!hit) continue;
    if (named !== undefined && named !== name) return undefined;
    named = name;
    messages.add(label.message);
  }
  if (messages.size === 0) return undefined;
  const flags = new Uint8Array(spans.length);
  let count = 0;
  for (const [at, span] of spans.entries()) {
    if (messages.has(span.message)) {
      flags[at] = 1;
      count++;
    }
  }
  return count > 0 && count < spans.length ? flags : undefined;
}

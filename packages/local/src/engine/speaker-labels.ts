import type { Label } from './role-label.ts';
import { termsOf } from './terms.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Speaker labels written inside the messages of a conversation: a transcript or a group
 * chat passed as messages opens each one with who speaks ("Ross Geller: Would you all
 * relax?", "(Scene 2) Rachel Green: Oh, Monica.", "(29.12.2023) Emi: Hey!", "#NOTE#:
 * (Carol arrives.)"). The label says who speaks, not what is said: its words recur on
 * every turn of that speaker, all through the conversation.
 */
export interface SpeakerLabel {
  /** The message's index in the request. */
  message: number;
  /** Text offsets of the name, without its colon. */
  start: number;
  end: number;
}

// An optional stamp in brackets, then one to five words and a colon with a space after
// it: "Dr. Franzblau: ", "Casting Director No. 2: ". A colon with no space after it
// ("http://", "10:30") is no label.
const LABEL =
  /^[ \t]*(?:[([][^()[\]\n]{1,40}[)\]][ \t]*)?((?:[\p{L}\p{N}#][\p{L}\p{N}#.'’-]*[ \t]){0,4}[\p{L}\p{N}#][\p{L}\p{N}#.'’-]*):[ \t]/u;

/** The speaker name `opening` (a message's content) starts with, after any stamp, if any. */
export function openingSpeaker(opening: string): string | undefined {
  return LABEL.exec(opening)?.[1];
}

/** The longest stretch of a message's opening that may hold a stamp and a label. */
const OPENING = 120;

/** Calls `visit` with each message's label name as written, before the two-message rule. */
function eachLabel(
  text: string,
  labels: readonly Label[],
  visit: (message: number, start: number, name: string) => void,
): void {
  for (const [at, label] of labels.entries()) {
    const end = at + 1 < labels.length ? labels[at + 1]!.start : text.length;
    const opening = text.slice(label.end, Math.min(end, label.end + OPENING));
    const match = LABEL.exec(opening);
    if (!match) continue;
    const name = match[1]!;
    visit(label.message, label.end + match[0].length - name.length - 2, name);
  }
}

/**
 * The speaker label of each message that has one, in message order: its name, compared
 * without case, opens at least two messages. A speaker speaks more than once, and a
 * message that happens to open with "My plan: ..." is not taken for a speaker. One scan of
 * the openings; case is folded once per distinct name, not once per message. A
 * conversation with a question reads it twice (the bridge pass, named-speakers.ts):
 * compress-context.ts finds the labels once for both.
 */
export function speakerLabels(text: string, labels: readonly Label[]): SpeakerLabel[] {
  const found: { message: number; start: number; name: string }[] = [];
  const written = new Map<string, number>();
  eachLabel(text, labels, (message, start, name) => {
    found.push({ message, start, name });
    written.set(name, (written.get(name) ?? 0) + 1);
  });
  const caseless = new Map<string, number>();
  for (const [name, count] of written) {
    const key = name.toLowerCase();
    caseless.set(key, (caseless.get(key) ?? 0) + count);
  }
  const speaks = new Set(
    [...written.keys()].filter((name) => caseless.get(name.toLowerCase())! >= 2),
  );
  return found
    .filter(({ name }) => speaks.has(name))
    .map(({ message, start, name }) => ({ message, start, end: start + name.length }));
}

/**
 * The term ids of the words of every speaker label (`speakers`: speakerLabels' answer for
 * the same text, found once a request). It runs on every conversation with a question,
 * over all its messages (a conversation of 40,000 messages, 1M tokens: 29 to 16 ms a call
 * once names were compared without case once each).
 */
export function speakerTerms(
  text: string,
  speakers: readonly SpeakerLabel[],
  index: UnitIndex,
): Set<number> {
  const terms = new Set<number>();
  const names = new Set(speakers.map(({ start, end }) => text.slice(start, end)));
  for (const name of names) {
    for (const term of termsOf(name, index.language)) {
      const id = index.termIds.get(term);
      if (id !== undefined) terms.add(id);
    }
  }
  return terms;
}

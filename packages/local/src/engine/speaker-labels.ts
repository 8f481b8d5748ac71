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

/** The longest stretch of a message's opening that may hold a stamp and a label. */
const OPENING = 120;

/**
 * The speaker label of each message that has one, in message order. A label counts only
 * when the same name opens at least two messages: a speaker speaks more than once, and a
 * message that happens to open with "My plan: ..." is not taken for a speaker.
 */
export function speakerLabels(text: string, labels: readonly Label[]): SpeakerLabel[] {
  const found: (SpeakerLabel & { name: string })[] = [];
  const count = new Map<string, number>();
  for (const [at, label] of labels.entries()) {
    const end = at + 1 < labels.length ? labels[at + 1]!.start : text.length;
    const opening = text.slice(label.end, Math.min(end, label.end + OPENING));
    const match = LABEL.exec(opening);
    if (!match) continue;
    const name = match[1]!;
    const start = label.end + match[0].length - name.length - 2;
    found.push({ message: label.message, start, end: start + name.length, name });
    const key = name.toLowerCase();
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return found
    .filter(({ name }) => count.get(name.toLowerCase())! >= 2)
    .map(({ message, start, end }) => ({ message, start, end }));
}

/** The term ids of the words of every speaker label (see `speakerLabels`). */
export function speakerTerms(
  text: string,
  labels: readonly Label[],
  index: UnitIndex,
): Set<number> {
  const terms = new Set<number>();
  const seen = new Set<string>();
  for (const { start, end } of speakerLabels(text, labels)) {
    const name = text.slice(start, end);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const term of termsOf(name)) {
      const id = index.termIds.get(term);
      if (id !== undefined) terms.add(id);
    }
  }
  return terms;
}

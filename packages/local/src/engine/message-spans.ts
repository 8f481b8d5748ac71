import type { Segmentation } from './segment.ts';

/** Where one message of a conversation lies among the engine's units and in the text. */
export interface MessageSpan {
  /** The message's index in the request. */
  message: number;
  /** Its units are `first` up to `last`, inclusive (role label included). */
  first: number;
  last: number;
  /** Text offsets of the whole message (label included). */
  start: number;
  end: number;
  /** Exact token count of its units. */
  tokens: number;
}

/** The unit range and token count of every message, in order. */
export function messageSpans(segmentation: Segmentation, tokens: Int32Array): MessageSpan[] {
  const { units, sections } = segmentation;
  const spans: MessageSpan[] = [];
  for (let unit = 0; unit < units.length; unit++) {
    const { section, start, end } = units[unit]!;
    const message = sections[section]!.message;
    const last = spans[spans.length - 1];
    if (last && last.message === message) {
      last.last = unit;
      last.end = end;
      last.tokens += tokens[unit]!;
    } else {
      spans.push({ message, first: unit, last: unit, start, end, tokens: tokens[unit]! });
    }
  }
  return spans;
}

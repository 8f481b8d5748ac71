import type { MessageSpan } from './message-spans.ts';
import { opensSession } from './session-dates.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * How likely a later question is to need each message of a conversation, without
 * knowing the question. A later question asks about something stated once and
 * specifically, so a message weighs more when it:
 *
 * - is recent (the latest turns are the live context; a small weight, since questions
 *   about a long conversation ask about early sessions as often as late ones);
 * - names things: capitalised words inside a sentence, quoted titles;
 * - holds numbers, dates, times, amounts;
 * - tells about the speaker ("I work at", "my sister", "we moved"): a later question
 *   asks what someone said of themselves;
 * - says something new: the share of its content words that no earlier message used
 *   (the first statement of a fact outweighs its repetitions);
 * - opens a session: in a conversation whose sessions start with a date stamp
 *   ("(2024-01-19) ..."), what is said first in a session (the news since the last one)
 *   is asked about far more than its later small talk;
 * - answers a message that asks ("Where do you work?" "At the harbour office."): the
 *   reply carries the fact the question drew out;
 * - tells what happened ("I just got back from a funeral", "we went to the lake
 *   yesterday"): a later question asks when and where things happened.
 *
 * Decisions ("will", "should", "plan") were a signal too, with a small negative weight; at
 * 0 (whole dev, 2026-11-26, 2x / 4x / 10x) REALTALK without a query went 74.1 / 50.9 / 26.4
 * -> 75.9 / 51.4 / 27.3%, dialogue without a query 85.2 / 64.8 / 37.0 -> 83.3 / 63.0 /
 * 38.9% (one of 54 either way), FriendsQA within 0.9: removed. Specificity (the information
 * of a message's rare words) was fitted a weight of 0, adding nothing the names, numbers
 * and novelty do not already say, and is no longer computed.
 *
 * Each signal is 0..1; the prior is a logistic model of them, the estimated chance,
 * 0..1, that a later question needs the message. Its weights were fitted on the
 * development parts of the conversation sets of `bench:quality` (MemoryBank and
 * REALTALK), each set weighing the same. Cost is linear in the text: one pass over the
 * index's words and one regular-expression scan a message.
 */
export interface TurnPriorWeights {
  recency: number;
  names: number;
  numbers: number;
  novelty: number;
  /** What the user said: facts about the user and their requests are asked about most. */
  user: number;
  titles: number;
  /** The speaker telling about themselves: "I work at", "my sister", "we moved". */
  disclosure: number;
  /** Near the opening of a date-stamped session. */
  opening: number;
  /** The reply to a message that asks. */
  reply: number;
  /** Telling what happened: "just", "went", "got back", "yesterday". */
  events: number;
  /** The log-odds of a message with every signal at 0. */
  bias: number;
}

/**
 * The fitted weights. Without a query they are the whole ranking of a conversation's
 * messages ("whole turns" off, first 50 of a set: dialogue and REALTALK without a query -20
 * to -68 points, bench/README.md "Ablation"). The three smallest then (recency, user and
 * decisions, now gone), zeroed together (whole dev, 2026-11-25, 2x / 4x / 10x): REALTALK
 * without a query 73.6 / 49.1 / 25.5 -> 75.0 / 47.7 / 27.3%, FriendsQA without a query 59.7
 * / 31.8 / 15.3 -> 60.1 / 32.9 / 14.3%, dialogue without a query 63.0 -> 61.1% at 4x: a
 * loss past the bar at one level each. Alone (whole dev, 2026-11-26): recency at 0,
 * REALTALK without a query 50.9 -> 49.5% at 4x (three of 216); user at 0, dialogue without
 * a query 64.8 / 37.0 -> 59.3 / 35.2% at 4x / 10x. At 0, each fails a test: disclosure,
 * opening and reply their own of turn-priors.test.ts, the bias four of
 * compress-conversation.test.ts (a long answer turn, the named speaker's turn, a session's
 * opening news, a fact over small talk). Titles at 0 (whole dev, 2026-11-26): dialogue
 * without a query 85.2 / 64.8 / 37.0 -> 83.3 / 63.0 / 31.5%.
 */
export const TURN_PRIOR_WEIGHTS: TurnPriorWeights = {
  recency: 0.1,
  names: 1,
  numbers: 1,
  novelty: 1,
  user: 0.2,
  titles: 1.2,
  disclosure: 0.8,
  opening: 1.2,
  reply: 0.6,
  events: 1,
  bias: -4.3,
};

/**
 * How fast the opening signal fades: 1 on a session's first message, 1/2 eight
 * messages later, 1/3 sixteen later. Without the fade (1 on the first message only; whole
 * dev, 2026-11-26, 2x / 4x / 10x): REALTALK without a query 73.6 / 49.1 / 25.5 -> 66.2 /
 * 45.8 / 22.7%, dialogue without a query 85.2 / 63.0 / 37.0 -> 81.5 / 59.3 / 31.5%.
 */
const OPENING_FADE = 8;
/** A message that ends by asking. */
const ASKS = /\?[\s"”')]*$/;

/** Whether the message span ends with a question. */
export function asksQuestion(text: string, span: MessageSpan): boolean {
  return ASKS.test(text.slice(Math.max(span.start, span.end - 8), span.end));
}

// A capitalised word that does not open a sentence.
const NAME = /(?<=[\p{Ll}\p{N},;]\s+)\p{Lu}[\p{L}\p{N}'’-]+/gu;
// A quoted title or name: "To Live", “Dune”.
const TITLE = /["“][^"”\n]{2,60}["”]/gu;
const USER_LABEL = /^\s*user:/;
const NUMBER =
  /\d|\b(?:january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|tomorrow|today|tonight|noon|midnight)\b/gi;
const EVENT =
  /\b(?:just|today|tonight|yesterday|went|got|finally|started|finished|bought|tried|visited|watched|made|did|ended up|took|saw|met|came back)\b/gi;

const DISCLOSURE = /\b(?:i|i'm|i've|i'd|i'll|my|we|we're|we've|our|me)\b/gi;

/**
 * A pattern signal: the share of `SATURATION` matches `text` holds, 1 from there on. One
 * count for every signal, in place of six tuned ones (3 names, 3 numbers, 3 disclosures,
 * 2 decisions, 2 titles, 2 events; decisions are gone since). Whole dev, 2026-11-26, 2x /
 * 4x / 10x, those six -> 2 for all: REALTALK without a query 73.6 / 49.1 / 25.5 -> 74.1 /
 * 50.9 / 26.4%, dialogue without a query 63.0 -> 64.8% at 4x, FriendsQA without a query
 * 31.8 / 15.3 -> 32.9 / 14.8% at 4x / 10x, the sets with the question within 0.4 (3 for
 * all: dialogue without a query 63.0 / 37.0 -> 61.1 / 35.2% at 4x / 10x).
 */
const SATURATION = 2;

function saturating(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let count = 0;
  while (count < SATURATION && pattern.exec(text)) count++;
  return count / SATURATION;
}

/** The prior of every message span, 0..1. */
export function scoreTurnPriors(
  text: string,
  spans: readonly MessageSpan[],
  index: UnitIndex,
  weights: TurnPriorWeights = TURN_PRIOR_WEIGHTS,
): Float64Array {
  const { words, offsets, stop } = index;
  const seenBefore = new Uint8Array(index.termCount);
  const priors = new Float64Array(spans.length);
  const last = Math.max(1, spans.length - 1);
  // Without any date stamp there are no sessions to open: the signal stays 0.
  let sessionStart = -1;
  spans.forEach((span, at) => {
    if (opensSession(text, span.start)) sessionStart = at;
    const opening = sessionStart < 0 ? 0 : 1 / (1 + (at - sessionStart) / OPENING_FADE);
    const reply = at > 0 && asksQuestion(text, spans[at - 1]!) ? 1 : 0;
    // Scan at most the first 4,000 characters of a message for the pattern signals:
    // what a long tool output holds past that does not change its kind.
    const body = text.slice(span.start, Math.min(span.end, span.start + 4_000));
    const names = saturating(NAME, body);
    const numbers = saturating(NUMBER, body);
    const titles = saturating(TITLE, body);
    const user = USER_LABEL.test(body) ? 1 : 0;
    const disclosure = saturating(DISCLOSURE, body);
    const events = saturating(EVENT, body);
    let content = 0;
    let fresh = 0;
    for (let position = offsets[span.first]!; position < offsets[span.last + 1]!; position++) {
      const term = words[position]!;
      if (stop[term]) continue;
      content++;
      if (!seenBefore[term]) fresh++;
    }
    for (let position = offsets[span.first]!; position < offsets[span.last + 1]!; position++) {
      seenBefore[words[position]!] = 1;
    }
    const novelty = content > 0 ? fresh / content : 0;
    const recency = spans.length > 1 ? at / last : 1;
    const logOdds =
      weights.bias +
      weights.recency * recency +
      weights.names * names +
      weights.numbers * numbers +
      weights.titles * titles +
      weights.user * user +
      weights.disclosure * disclosure +
      weights.novelty * novelty +
      weights.opening * opening +
      weights.reply * reply +
      weights.events * events;
    priors[at] = 1 / (1 + Math.exp(-logOdds));
  });
  return priors;
}

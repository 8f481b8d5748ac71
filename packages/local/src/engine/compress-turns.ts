import { type AssembledOutput, assembleOutput } from './assemble-output.ts';
import { type MessageSpan, messageSpans } from './message-spans.ts';
import { namedSpeakerMessages } from './named-speakers.ts';
import type { QueryTerms } from './query-terms.ts';
import { sceneRelevance } from './scene-relevance.ts';
import type { Segmentation } from './segment.ts';
import {
  type ItemSelectionInput,
  rankItems,
  selectItems,
  type TurnItem,
  unitsOfItems,
} from './select-turns.ts';
import { messagesOfNamedDays } from './session-dates.ts';
import type { SpeakerLabel } from './speaker-labels.ts';
import type { ScoringTuning } from './tuning.ts';
import { scoreTurnPriors } from './turn-priors.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * Compression of a conversation (a message array of two or more messages), turn by
 * turn. Without a query each message is scored by how likely a later question is to
 * need it (turn-priors.ts); with one, by its best unit's relevance plus part of that
 * prior, and more in the session of a day the query names (session-dates.ts) and in the
 * turns of the one speaker it names (named-speakers.ts). Every
 * message is kept whole or dropped whole (see select-turns.ts). Returns undefined, and
 * the caller selects units instead, when a message is too long to be one item (longer
 * than the budget without a query, than `turnWholeShare` of it with one) or nothing
 * fits.
 */
export interface TurnCompressionInput {
  text: string;
  segmentation: Segmentation;
  index: UnitIndex;
  tokens: Int32Array;
  /** Unit relevance to the query, or undefined without one. */
  relevance: Float64Array | undefined;
  /** The query's terms the relevance was scored with (scoreQuery), for the scenes. */
  terms: QueryTerms | undefined;
  /** The query, for the days it names (session-dates.ts). */
  query: string;
  /** The speaker labels of the messages (speakerLabels), for the speaker the query names. */
  speakers?: readonly SpeakerLabel[];
  budget: number;
  tuning: ScoringTuning;
  /** When explaining: receives each message's score parts and the final kept units. */
  explain?: TurnTrace;
  /**
   * Similarity by meaning of each message (by its index in the request) to the query:
   * the cosine of their embeddings (`EngineOptions.messageSimilarity`). Read only with a query.
   */
  similarity?: ArrayLike<number>;
}

/** A conversation's selection, message by message, for the explanation (explain.ts). */
export interface TurnTrace {
  spans?: readonly MessageSpan[];
  /** Per message: its score and the parts of it. */
  parts?: {
    score: number;
    own: number;
    neighbours: number;
    prior: number;
    namedDay: number;
    speaker: number;
    system: number;
    meaning: number;
  }[];
  /** The units kept, once the selection is final. */
  kept?: Uint8Array;
}

const SYSTEM_LABEL = /^\s*system:/;

/**
 * The relevance a message borrows from its neighbours, up to `turnNeighbourReach`
 * messages away, on either side. A question and its answer are one fact split over two
 * turns ("How long did you stay?" "Two months."); the answer alone often shares no word
 * with a later question.
 */
function neighbourRelevance(
  spans: readonly MessageSpan[],
  own: Float64Array,
  tuning: ScoringTuning,
): Float64Array {
  const borrowed = new Float64Array(spans.length);
  for (let at = 0; at < spans.length; at++) {
    let best = 0;
    // The messages around it, up to `turnNeighbourReach` away: a speaker often sends a
    // fact in two or three short messages in a row, or answers after a short aside.
    for (let distance = 1; distance <= tuning.turnNeighbourReach; distance++) {
      if (at - distance >= 0) {
        best = Math.max(best, own[at - distance]! * tuning.turnNeighbourShare);
      }
      if (at + distance < spans.length) {
        best = Math.max(best, own[at + distance]! * tuning.turnNeighbourShare);
      }
    }
    borrowed[at] = best;
  }
  return borrowed;
}

/**
 * Weight and floor of the similarity by meaning (an embedder's cosine, `similarity`): a
 * message gains `SIMILARITY_WEIGHT` times how far its similarity is above the floor,
 * the most similar message of the conversation counting 1, on the scale of its own
 * relevance (0 to 1). Chosen on the long-dialogue dev set (REALTALK, 216 questions) with
 * the Universal Sentence Encoder lite, on whose scale unrelated messages score 0.1 to 0.25:
 * 83.3% -> 88.9% at 4x, 74.5% -> 76.4% at 10x, 94.9% -> 97.7% at 2x (weight 0.15: 87.0%
 * at 4x; 0.5: 88.9%; floor 0.1: as 0.2). Given to messages that share no content word
 * with the question only, it moved 4x by at most 0.5 point: the similarity ranks the
 * messages that share words too.
 */
const SIMILARITY_WEIGHT = 0.3;
const SIMILARITY_FLOOR = 0.2;

function similarity(spans: readonly MessageSpan[], values: ArrayLike<number> | undefined) {
  const bonus = new Float64Array(spans.length);
  if (!values) return bonus;
  // A value that is no finite number (an embedder's zero vector, a caller's mistake) counts as none.
  const similarityOf = (message: number) => {
    const value = values[message];
    return typeof value === 'number' && Number.isFinite(value) ? Math.min(value, 1) : 0;
  };
  let top = SIMILARITY_FLOOR;
  for (const span of spans) top = Math.max(top, similarityOf(span.message));
  if (top <= SIMILARITY_FLOOR) return bonus;
  for (const [at, span] of spans.entries()) {
    const value = similarityOf(span.message);
    if (value > SIMILARITY_FLOOR) {
      bonus[at] = (SIMILARITY_WEIGHT * (value - SIMILARITY_FLOOR)) / (top - SIMILARITY_FLOOR);
    }
  }
  return bonus;
}

export function compressTurns(input: TurnCompressionInput): AssembledOutput | undefined {
  const { text, segmentation, index, tokens, relevance, query, budget, tuning } = input;
  const spans = messageSpans(segmentation, tokens);
  if (spans.length < 2) return undefined;
  const priors = scoreTurnPriors(text, spans, index);
  // The likeliest message's prior becomes 1, as the most relevant message's relevance
  // does below, so `turnPriorWeight` weighs the two on one scale.
  let maxPrior = 0;
  for (const value of priors) maxPrior = Math.max(maxPrior, value);
  if (maxPrior > 0) for (let at = 0; at < priors.length; at++) priors[at] = priors[at]! / maxPrior;
  const { units } = segmentation;
  let maxRelevance = 0;
  if (relevance) for (const value of relevance) maxRelevance = Math.max(maxRelevance, value);
  const priorWeight = relevance ? tuning.turnPriorWeight : 1;
  // Without a query any message that fits may be kept whole: a later question asks
  // about a turn, not a fragment. With one, long messages offer their units instead.
  const wholeLimit = relevance ? budget * tuning.turnWholeShare : budget;

  // A long message (a pasted document, a tool output) is better cut inside, by the
  // unit selection, with its near-duplicate filter: leave the whole request to it.
  if (spans.some((span) => span.tokens > wholeLimit)) return undefined;
  const own = new Float64Array(spans.length);
  if (relevance && maxRelevance > 0) {
    for (const [at, span] of spans.entries()) {
      for (let unit = span.first; unit <= span.last; unit++) {
        own[at] = Math.max(own[at]!, relevance[unit]! / maxRelevance);
      }
    }
  }
  const context = relevance ? neighbourRelevance(spans, own, tuning) : own.fill(0);
  // The scene the message belongs to: a question about a scene names what is said across it.
  const terms = relevance && tuning.turnSceneWeight > 0 ? input.terms : undefined;
  const scenes = terms && sceneRelevance(text, spans, index, terms, tuning);
  if (scenes) {
    for (let at = 0; at < spans.length; at++) {
      context[at]! += tuning.turnSceneWeight * scenes[at]!;
    }
  }
  const meaning = similarity(spans, query.trim() ? input.similarity : undefined);
  // The session of a day the question names is where its answer was said.
  const namedDay = relevance ? messagesOfNamedDays(text, spans, query) : undefined;
  // The turns of the one speaker the question names hold what that speaker said.
  const speaker =
    terms && input.speakers && tuning.turnSpeakerWeight > 0
      ? namedSpeakerMessages(text, input.speakers, spans, index, terms)
      : undefined;

  const items: TurnItem[] = [];
  for (const [at, span] of spans.entries()) {
    // A system message frames every later turn: it goes first when it fits.
    const system = SYSTEM_LABEL.test(text.slice(span.start, span.start + 40)) ? 2 : 0;
    const dated = namedDay?.[at] ? tuning.turnNamedDayWeight : 0;
    const named = speaker?.[at] ? tuning.turnSpeakerWeight : 0;
    const score =
      own[at]! + context[at]! + priorWeight * priors[at]! + dated + named + system + meaning[at]!;
    if (input.explain) {
      input.explain.parts ??= [];
      input.explain.parts.push({
        score,
        own: own[at]!,
        neighbours: context[at]!,
        prior: priorWeight * priors[at]!,
        namedDay: dated,
        speaker: named,
        system,
        meaning: meaning[at]!,
      });
    }
    items.push({ first: span.first, last: span.last, label: -1, tokens: span.tokens, score });
  }
  const selection: ItemSelectionInput = {
    items,
    unitTokens: tokens,
    unitCount: units.length,
    budget,
    costExponent: relevance ? tuning.turnCostExponentWithQuery : tuning.turnCostExponent,
  };
  const keptItems = new Uint8Array(items.length);
  const kept = selectItems(selection, keptItems);
  if (!kept) return undefined;
  let output = assembleOutput(text, units, tokens, kept);
  if (input.explain) {
    input.explain.spans = spans;
    input.explain.kept = kept;
  }
  // Joins may cost a token more than counted: drop the weakest kept items, as many as
  // the excess needs at once (one reassembly a round, not one an item), until it fits.
  const weakestFirst = rankItems(items, selection.costExponent).reverse();
  let next = 0;
  while (output.tokens > budget) {
    let freed = 0;
    const excess = output.tokens - budget;
    while (freed < excess && next < weakestFirst.length) {
      const at = weakestFirst[next++]!;
      if (!keptItems[at]) continue;
      keptItems[at] = 0;
      freed += items[at]!.tokens;
    }
    if (freed === 0 || !keptItems.includes(1)) return undefined;
    const trimmed = unitsOfItems(selection, keptItems);
    if (input.explain) input.explain.kept = trimmed;
    output = assembleOutput(text, units, tokens, trimmed);
  }
  return output;
}

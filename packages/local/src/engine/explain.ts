import type { TurnTrace } from './compress-turns.ts';
import type { Label } from './role-label.ts';
import type { Segmentation } from './segment.ts';

/**
 * Why the engine kept or dropped each unit, collected only when a caller asks
 * (`compressContext(params, { explain: true })`): without it the engine allocates nothing
 * for it. A unit's `score` is what ranked it; `signals` are the parts that score is made
 * of, each as it was added, so that a user sees why a sentence stayed and a maintainer
 * sees what a change to one signal did.
 */
export interface EngineExplanation {
  /**
   * How the engine chose: `units` ranks units under the budget; `turns` keeps or drops
   * whole messages of a conversation; `json` cuts a JSON document (no unit list);
   * `whole` returns the input as it is (too short to compress, nothing to drop, or
   * white space alone: every unit is kept).
   */
  strategy: 'units' | 'turns' | 'json' | 'whole';
  /** The token budget of the level or mode (0 for `whole` and `json`). */
  budget: number;
  /** Every unit of the text in order; they tile it from the first character to the last. */
  units: UnitExplanation[];
}

/**
 * - `selected`: ranked high enough and fit in the budget;
 * - `companion`: a heading, role label or block frame kept because a kept unit needs it;
 * - `filler`: a near-duplicate kept because the output would otherwise fall under a tenth of the budget;
 * - `fallback`: nothing fitted, so the best unit stays although it is over the budget;
 * - `turn`: its message was kept whole (conversations);
 * - `whole`: the input came back unchanged;
 * - `duplicate`: repeats better units already kept (most of its word pairs, no new word);
 * - `over_budget`: ranked before the budget was full but did not fit in what was left;
 * - `below_rank`: the budget was full before its turn came;
 * - `trimmed`: kept, then dropped to make room for the line breaks between kept units;
 * - `unneeded`: a heading or label whose units were all dropped;
 * - `blank`: white space alone;
 * - `turn_dropped`: its message ranked below the kept ones or did not fit;
 * - `json`: in a message that is one JSON document kept in part, which comes back cut as
 *   JSON (compress-json.ts) to the tokens of its kept units: `kept` is the selection's
 *   choice, and the unit's text may not appear as it was.
 */
export type UnitReason =
  | 'selected'
  | 'companion'
  | 'filler'
  | 'fallback'
  | 'turn'
  | 'whole'
  | 'duplicate'
  | 'over_budget'
  | 'below_rank'
  | 'trimmed'
  | 'unneeded'
  | 'blank'
  | 'turn_dropped'
  | 'json';

/** The parts of a unit's score; a signal the engine did not use for this request is absent. */
export interface UnitSignals {
  /** Relevance to the query: BM25 with the section, title and proximity signals (score-query.ts). */
  query?: number;
  /** Added by the multi-hop pass for naming a bridge entity of the best units (bridge-terms.ts). */
  bridge?: number;
  /** Salience, the whole score without a query (score-salience.ts); absent with one. */
  salience?: number;
  /** Added to code that defines a name the query spells (named-definitions.ts). */
  definition?: number;
  /** Conversations: the message's own relevance, 0 to 1 (its best unit's against the best). */
  turnRelevance?: number;
  /**
   * Conversations: relevance borrowed from the neighbouring messages (question, answer, next
   * turns) and from the message's scene, in a conversation of scenes opened by a stamp.
   */
  turnNeighbours?: number;
  /** Conversations: the weighted prior that a later question needs this message (turn-priors.ts). */
  turnPrior?: number;
  /** Conversations: the bonus of a message in the session of a day the query names. */
  turnNamedDay?: number;
  /** Conversations: the bonus of a message said by the one speaker the query names (named-speakers.ts). */
  turnSpeaker?: number;
  /** Conversations: the bonus that keeps a system message first. */
  turnSystem?: number;
  /** Conversations: the bonus for the message's similarity by meaning to the query (the `embed` option). */
  turnMeaning?: number;
}

export interface UnitExplanation {
  /** Offsets of the unit in the text the engine read: the context string, or the messages rendered `role: content`, one a line. */
  start: number;
  end: number;
  /** The unit's text. */
  text: string;
  /** sentence, list item, heading, code, table... (segment.ts). */
  kind: string;
  /** Exact o200k_base token count. */
  tokens: number;
  /** Whether the unit's text is in the output. */
  kept: boolean;
  /** The score that ranked it (for a conversation's message kept whole, the message's score). */
  score: number;
  signals: UnitSignals;
  reason: UnitReason;
}

/** Reason codes written by the selection (select-units.ts) into a `Uint8Array`, 0 for none. */
export const REASON_CODES: readonly UnitReason[] = [
  'below_rank',
  'selected',
  'companion',
  'filler',
  'fallback',
  'duplicate',
  'over_budget',
  'blank',
];
export const SELECTED = 1;
export const COMPANION = 2;
export const FILLER = 3;
export const FALLBACK = 4;
export const DUPLICATE = 5;
export const OVER_BUDGET = 6;
export const BLANK = 7;

/** Every unit kept as it is: the input comes back unchanged. */
export function explainWhole(
  text: string,
  segmentation: Segmentation | undefined,
  tokens: Int32Array | undefined,
): EngineExplanation {
  const units: UnitExplanation[] = [];
  if (segmentation && tokens) {
    segmentation.units.forEach((unit, at) => {
      units.push({
        start: unit.start,
        end: unit.end,
        text: text.slice(unit.start, unit.end),
        kind: unit.kind,
        tokens: tokens[at]!,
        kept: true,
        score: 0,
        signals: {},
        reason: 'whole',
      });
    });
  }
  return { strategy: 'whole', budget: 0, units };
}

/** The per-unit arrays the engine kept while it scored, when asked to explain. */
export interface ScoreTrace {
  query?: Float64Array;
  bridge?: Float64Array;
  salience?: Float64Array;
  definition?: Float64Array;
}

/** The explanation of a unit selection, from the final kept flags and the selection's reason codes. */
export function explainUnits(input: {
  text: string;
  segmentation: Segmentation;
  tokens: Int32Array;
  scores: Float64Array;
  trace: ScoreTrace;
  reasons: Uint8Array;
  kept: Uint8Array;
  budget: number;
}): EngineExplanation {
  const { text, segmentation, tokens, scores, trace, reasons, kept, budget } = input;
  const units = segmentation.units.map((unit, at): UnitExplanation => {
    const signals: UnitSignals = {};
    if (trace.query) signals.query = trace.query[at]!;
    if (trace.bridge?.[at]) signals.bridge = trace.bridge[at]!;
    if (trace.salience) signals.salience = trace.salience[at]!;
    if (trace.definition?.[at]) signals.definition = trace.definition[at]!;
    let reason = REASON_CODES[reasons[at]!]!;
    const isKept = kept[at] === 1;
    if (!isKept && (reason === 'selected' || reason === 'filler' || reason === 'fallback'))
      reason = 'trimmed';
    if (!isKept && reason === 'companion') reason = 'unneeded';
    if (!isKept && reason === 'below_rank' && (unit.kind === 'heading' || unit.kind === 'frame'))
      reason = 'unneeded';
    return {
      start: unit.start,
      end: unit.end,
      text: text.slice(unit.start, unit.end),
      kind: unit.kind,
      tokens: tokens[at]!,
      kept: isKept,
      score: scores[at]!,
      signals,
      reason,
    };
  });
  return { strategy: 'units', budget, units };
}

/** The explanation of a conversation kept or dropped message by message (compress-turns.ts). */
export function explainTurns(input: {
  text: string;
  segmentation: Segmentation;
  tokens: Int32Array;
  trace: TurnTrace;
  budget: number;
}): EngineExplanation {
  const { text, segmentation, tokens, trace, budget } = input;
  const messageOf = new Int32Array(segmentation.units.length).fill(-1);
  trace.spans?.forEach((span, at) => {
    messageOf.fill(at, span.first, span.last + 1);
  });
  const units = segmentation.units.map((unit, at): UnitExplanation => {
    const part = trace.parts?.[messageOf[at]!];
    const kept = trace.kept?.[at] === 1;
    const signals: UnitSignals = part
      ? {
          turnRelevance: part.own,
          turnNeighbours: part.neighbours,
          turnPrior: part.prior,
          ...(part.namedDay ? { turnNamedDay: part.namedDay } : {}),
          ...(part.speaker ? { turnSpeaker: part.speaker } : {}),
          ...(part.system ? { turnSystem: part.system } : {}),
          ...(part.meaning ? { turnMeaning: part.meaning } : {}),
        }
      : {};
    return {
      start: unit.start,
      end: unit.end,
      text: text.slice(unit.start, unit.end),
      kind: unit.kind,
      tokens: tokens[at]!,
      kept,
      score: part?.score ?? 0,
      signals,
      reason: kept ? 'turn' : 'turn_dropped',
    };
  });
  return { strategy: 'turns', budget, units };
}

/**
 * Marks `json` the units of each message that is one JSON document and was kept in part:
 * json-messages.ts rebuilds such a message as JSON instead of joining its units.
 */
export function markJsonMessages(
  explanation: EngineExplanation,
  labels: readonly Label[],
  json: ReadonlySet<number>,
): void {
  const { units } = explanation;
  let at = 0;
  for (let message = 0; message < labels.length; message++) {
    const end = message + 1 < labels.length ? labels[message + 1]!.start : Number.POSITIVE_INFINITY;
    const first = at;
    while (at < units.length && units[at]!.start < end) at++;
    if (!json.has(message)) continue;
    const own = units.slice(first, at);
    const kept = own.filter((unit) => unit.kept).length;
    if (kept === 0 || kept === own.length) continue;
    for (const unit of own) unit.reason = 'json';
  }
}

/**
 * Why the engine dropped the evidence of the conversation questions it missed, on the dev
 * part of a dialogue set: every evidence message that did not come back whole, classed by
 * what its turn signals (the `explain` option's `turnRelevance`, `turnNeighbours`,
 * `turnPrior`, ...) say of it. Run:
 *
 *   node --conditions=@ctxopt/source bench/quality/dialogue-misses.ts \
 *     [--set realtalk|friendsqa|dialogue] [--level low|standard|ultra] [--show N] [--half A|B]
 *
 * `--show N` prints the first N misses too: the question, and each evidence message with
 * its signals and its rank among the conversation's messages. `--half A` (or `B`) reads
 * only the conversations of one half (`conversationHalves`), so that rules can be studied
 * on the misses of one half and checked on the other. Only the dev part is read.
 */

import type { ContextMessage } from '../../packages/core/src/index.ts';
import { compressWithTuning } from '../../packages/local/src/engine/compress-context.ts';
import type { EngineExplanation } from '../../packages/local/src/engine/explain.ts';
import { renderContext } from '../../packages/local/src/engine/render-context.ts';
import { openingSpeaker } from '../../packages/local/src/engine/speaker-labels.ts';
import { isStopWord, termsOf } from '../../packages/local/src/engine/terms.ts';
import { DEFAULT_TUNING } from '../../packages/local/src/engine/tuning.ts';
import { formatTable } from '../support/table.ts';
import { argument } from './dev-scripts.ts';
import { retains } from './retention.ts';
import { readBuiltSet } from './sets.ts';
import type { SuiteExample } from './suite-example.ts';

/**
 * - `too long for what was left`: it ranked above the weakest message kept (its turn came
 *   before the budget was full) but no longer fitted;
 * - `matches, outranked`: it matches the question (at least a quarter of the best
 *   message's relevance), and messages that rank higher filled the budget;
 * - `weak match`: it matches under a quarter of the best message's relevance (a speaker's
 *   name, one common word);
 * - `no match`: it shares no word with the question; only its neighbours, its scene, the
 *   priors or the named speaker and day lift it.
 */
export type MissClass =
  | 'too long for what was left'
  | 'matches, outranked'
  | 'weak match'
  | 'no match';

const MISS_CLASSES: readonly MissClass[] = [
  'too long for what was left',
  'matches, outranked',
  'weak match',
  'no match',
];

/** One message of a compressed conversation, as the explanation tells it. */
export interface MessageOutcome {
  tokens: number;
  score: number;
  kept: boolean;
  /** The message's own relevance, 0 to 1 (`turnRelevance`). */
  relevance: number;
  signals: Record<string, number>;
  text: string;
}

/** The explanation's units gathered by the message they belong to (`labels`: their starts). */
export function messageOutcomes(
  explanation: EngineExplanation,
  starts: readonly number[],
): MessageOutcome[] {
  const messages = starts.map(
    (): MessageOutcome => ({
      tokens: 0,
      score: 0,
      kept: true,
      relevance: 0,
      signals: {},
      text: '',
    }),
  );
  let message = 0;
  for (const unit of explanation.units) {
    while (message + 1 < starts.length && starts[message + 1]! <= unit.start) message++;
    const outcome = messages[message]!;
    outcome.tokens += unit.tokens;
    outcome.kept &&= unit.kept;
    outcome.text += unit.text;
    // Every unit of a message carries the message's score and signals.
    outcome.score = unit.score;
    outcome.relevance = unit.signals.turnRelevance ?? 0;
    outcome.signals = { ...(unit.signals as Record<string, number>) };
  }
  return messages;
}

/**
 * The two halves of a set's conversations (REALTALK's chats, FriendsQA's episodes): their
 * names sorted, alternating A, B, A, ... Questions about one conversation stay in one half.
 */
export function conversationHalves(
  examples: readonly Pick<SuiteExample, 'conversation'>[],
): Map<string, 'A' | 'B'> {
  const names = [...new Set(examples.map((example) => String(example.conversation)))].sort();
  return new Map(names.map((name, at) => [name, at % 2 === 0 ? 'A' : 'B']));
}

/**
 * Tokens of the units kept from messages that were not kept whole: budget the measure
 * does not count (an evidence message counts only whole), and a reader rarely uses.
 */
export function partlyKeptTokens(
  explanation: EngineExplanation,
  starts: readonly number[],
): number {
  const kept = new Float64Array(starts.length);
  const whole = starts.map(() => true);
  let message = 0;
  for (const unit of explanation.units) {
    while (message + 1 < starts.length && starts[message + 1]! <= unit.start) message++;
    if (unit.kept) kept[message]! += unit.tokens;
    else whole[message] = false;
  }
  return whole.reduce((sum, isWhole, at) => (isWhole ? sum : sum + kept[at]!), 0);
}

/** Rank value of a message, as the turn selection orders them (select-turns.ts). */
function rankValue(message: MessageOutcome, exponent: number): number {
  return message.score / Math.max(1, message.tokens) ** exponent;
}

/** The class of an evidence message the output lacks (see `MissClass`). */
export function classifyMiss(
  messages: readonly MessageOutcome[],
  evidence: number,
  exponent: number,
): MissClass {
  const message = messages[evidence]!;
  const weakestKept = Math.min(
    ...messages.filter((other) => other.kept).map((other) => rankValue(other, exponent)),
  );
  if (rankValue(message, exponent) > weakestKept) return 'too long for what was left';
  if (message.relevance >= 0.25) return 'matches, outranked';
  return message.relevance > 0 ? 'weak match' : 'no match';
}

/**
 * What an evidence message the output lacks shares with the question, whatever its rank:
 * - `the question matches no message`: no content word of the question is in the
 *   conversation (the turns rank by their priors alone);
 * - `no shared word, nothing lifts it`: neither it, its neighbours nor its scene share one;
 * - `no shared word, lifted by neighbours or scene`: only the messages around it match;
 * - `only its speaker's name`: the content words it shares with the question are all in
 *   the speaker label that opens it ("Nebraas: ..." for "Is Nebraas happy with her salary?");
 * - `other words`: it shares a content word besides a name in its label.
 */
export type LinkClass =
  | 'the question matches no message'
  | 'no shared word, nothing lifts it'
  | 'no shared word, lifted by neighbours or scene'
  | "only its speaker's name"
  | 'other words';

const LINK_CLASSES: readonly LinkClass[] = [
  'the question matches no message',
  'no shared word, nothing lifts it',
  'no shared word, lifted by neighbours or scene',
  "only its speaker's name",
  'other words',
];

const contentTerms = (text: string) => new Set(termsOf(text).filter((term) => !isStopWord(term)));

/** The class of an evidence message by what it shares with the question (see `LinkClass`). */
export function linkClass(
  query: string,
  content: string,
  message: MessageOutcome,
  questionMatches: boolean,
): LinkClass {
  if (!questionMatches) return 'the question matches no message';
  if (message.relevance === 0) {
    return (message.signals.turnNeighbours ?? 0) > 0
      ? 'no shared word, lifted by neighbours or scene'
      : 'no shared word, nothing lifts it';
  }
  const question = contentTerms(query);
  const shared = [...contentTerms(content)].filter((term) => question.has(term));
  const label = contentTerms(openingSpeaker(content) ?? '');
  return shared.length > 0 && shared.every((term) => label.has(term))
    ? "only its speaker's name"
    : 'other words';
}

interface Tally {
  examples: number;
  missed: number;
  /** Questions with two evidence messages or more, one of them kept. */
  partlyKept: number;
  /** Missing evidence messages right before or after a kept message. */
  besideKept: number;
  classes: Map<MissClass, number>;
  links: Map<LinkClass, number>;
}

function main(): void {
  const setName = (argument('--set') ?? 'realtalk') as 'realtalk' | 'friendsqa' | 'dialogue';
  const level = (argument('--level') ?? 'ultra') as 'low' | 'standard' | 'ultra';
  const show = Number(argument('--show') ?? 0);
  const exponent = DEFAULT_TUNING.turnCostExponentWithQuery;
  const half = argument('--half');
  const dev = readBuiltSet(setName).filter((example) => example.split === 'dev');
  const halves = conversationHalves(dev);
  const examples = half
    ? dev.filter((example) => halves.get(String(example.conversation)) === half)
    : dev;
  // How each question was compressed (turns, or units when a message is too long to be
  // one item), and the tokens of messages kept in part, over every question of the run.
  const strategies = new Map<string, number>();
  let partTokens = 0;
  let outputTokens = 0;
  const tally: Tally = {
    examples: examples.length,
    missed: 0,
    partlyKept: 0,
    besideKept: 0,
    classes: new Map(),
    links: new Map(),
  };
  let shown = 0;
  for (const example of examples) {
    const result = compressWithTuning(
      { context: example.context, level, query: example.query },
      DEFAULT_TUNING,
      { explain: true },
    );
    const explanation = result.explanation;
    const strategy = explanation?.strategy ?? 'none';
    strategies.set(strategy, (strategies.get(strategy) ?? 0) + 1);
    const { labels } = renderContext(example.context as ContextMessage[]);
    outputTokens += result.compressedTokens;
    if (explanation) {
      partTokens += partlyKeptTokens(
        explanation,
        labels.map((label) => label.start),
      );
    }
    if (retains(result.compressed, example)) continue;
    tally.missed++;
    if (explanation?.strategy !== 'turns') continue;
    const messages = messageOutcomes(
      explanation,
      labels.map((label) => label.start),
    );
    const evidence = example.evidenceMessages ?? [];
    const missing = evidence.filter((at) => !messages[at]!.kept);
    if (evidence.length > 1 && missing.length < evidence.length) tally.partlyKept++;
    const questionMatches = messages.some((message) => message.relevance > 0);
    const contents = example.context as ContextMessage[];
    for (const at of missing) {
      const found = classifyMiss(messages, at, exponent);
      tally.classes.set(found, (tally.classes.get(found) ?? 0) + 1);
      const link = linkClass(example.query, contents[at]!.content, messages[at]!, questionMatches);
      tally.links.set(link, (tally.links.get(link) ?? 0) + 1);
      if (messages[at - 1]?.kept || messages[at + 1]?.kept) tally.besideKept++;
    }
    if (shown++ < show) printMiss(example, messages, missing, exponent);
  }
  const missingTotal = [...tally.classes.values()].reduce((sum, count) => sum + count, 0);
  console.log(
    formatTable({
      title: `${setName}, dev${half ? `, half ${half}` : ''}, ${level}: ${tally.missed} of ${tally.examples} questions missed, ${missingTotal} evidence messages not kept whole`,
      columns: ['class', 'evidence messages'],
      rows: [
        ...MISS_CLASSES.map((name) => [name, String(tally.classes.get(name) ?? 0)]),
        ['(of them, right beside a kept message)', String(tally.besideKept)],
        ['questions with 2+ evidence messages, one kept', String(tally.partlyKept)],
      ],
    }),
  );
  console.log(
    `\n${formatTable({
      title: 'the same evidence messages, by what they share with the question',
      columns: ['shares', 'evidence messages'],
      rows: LINK_CLASSES.map((name) => [name, String(tally.links.get(name) ?? 0)]),
    })}`,
  );
  const paths = [...strategies].map(([name, count]) => `${name} ${count}`).join(', ');
  const share = ((100 * partTokens) / Math.max(1, outputTokens)).toFixed(1);
  console.log(
    `\nquestions by path: ${paths}; tokens of messages kept in part: ${partTokens} of ${outputTokens} (${share}%)`,
  );
}

function printMiss(
  example: SuiteExample,
  messages: readonly MessageOutcome[],
  missing: readonly number[],
  exponent: number,
): void {
  const values = messages.map((message) => rankValue(message, exponent)).sort((a, b) => b - a);
  console.log(`${example.id}: ${example.query}`);
  for (const at of example.evidenceMessages ?? []) {
    const message = messages[at]!;
    const rank = values.filter((value) => value > rankValue(message, exponent)).length;
    const signals = Object.entries(message.signals)
      .map(([name, value]) => `${name} ${value.toFixed(2)}`)
      .join(', ');
    const state = missing.includes(at) ? classifyMiss(messages, at, exponent) : 'kept';
    console.log(
      `  #${at} ${state}; ${message.tokens} tokens, rank ${rank}; ${signals}\n    ${message.text.trim().slice(0, 160)}`,
    );
  }
}

if (import.meta.main) main();

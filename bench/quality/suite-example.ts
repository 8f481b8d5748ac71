import type { ContextMessage } from '../../packages/core/src/index.ts';

/**
 * One example of a quality data set (bench/quality/data/*.jsonl.gz): a context, the
 * question asked about it, and what must survive compression for the answer to stay
 * reachable.
 */
export interface SuiteExample {
  id: string;
  /** `dev`: tune on it. `test`: held out, the part the README reports. */
  split: 'dev' | 'test';
  context: string | ContextMessage[];
  query: string;
  /** Answer strings: kept when the output holds one of them, case-insensitively. */
  answers?: string[];
  /** Texts that must all survive whole (a turn, a function's source, a JSON member). */
  evidence?: string[];
  /** Message indexes of the evidence, for dialogue sets. */
  evidenceMessages?: number[];
  /** Examples of one conversation share its context (compressed once without a query). */
  conversation?: string;
  /** What separates the whole units the baselines keep or drop, in a string context. */
  unitSeparator?: string;
  /** The context is a JSON document: the output should parse too. */
  json?: boolean;
  /**
   * Multi-hop sets: the passages (indexes in context order, as split by `unitSeparator`)
   * the data marks as supporting the answer; only the ceiling (multihop-ceiling.ts) reads them.
   */
  supportingPassages?: number[];
  /** Supporting facts the data gives by sentence: a passage's index and the sentence's text. */
  supportingSentences?: Array<[number, string]>;
}

/**
 * A conversation stored once in a set file, for the examples after it that name it
 * (`conversation`) and leave out `context`: a long conversation asked about many times
 * is not repeated on every line.
 */
export interface SharedContext {
  conversation: string;
  split: SuiteExample['split'];
  context: SuiteExample['context'];
}

/** One line of a set file: an example, with or without its context, or a shared context. */
export type SetLine = SuiteExample | SharedContext | Omit<SuiteExample, 'context'>;

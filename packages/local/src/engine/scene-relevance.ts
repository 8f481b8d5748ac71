import { documentScores } from './bm25-signals.ts';
import type { MessageSpan } from './message-spans.ts';
import type { QueryTerms } from './query-terms.ts';
import type { ScoringTuning } from './tuning.ts';
import type { UnitIndex } from './unit-index.ts';

/**
 * The relevance of the scene each message of a conversation belongs to. A long
 * conversation often comes in scenes or sessions, each opened by a stamp in brackets
 * ("(Scene 4) Ross Geller: ...", "(29.12.2023) Emi: Hey!"); a question about one of them
 * names things said across it, while the message that answers often shares no word with
 * the question ("Where was Marcel?" "Oh no, not in my room!"). So each scene is scored
 * as one document, by BM25 against the query (as a passage is beside its sentences,
 * bm25-signals.ts), and scaled to the best scene's score: 0 to 1 for each message.
 * Undefined when no message after the first opens a scene (a conversation in one piece
 * gives every message the same score, which ranks nothing). Linear in the words.
 */

// A message whose content opens with a stamp in brackets, after its role label.
const SCENE_STAMP = /^\s*[\w-]+:\s*[([][^()[\]\n]{1,40}[)\]]/;

export function sceneRelevance(
  text: string,
  spans: readonly MessageSpan[],
  index: UnitIndex,
  terms: QueryTerms,
  { k1, b }: Pick<ScoringTuning, 'k1' | 'b'>,
): Float64Array | undefined {
  const sceneOf = new Int32Array(spans.length);
  let scenes = 1;
  for (const [at, span] of spans.entries()) {
    if (at > 0 && SCENE_STAMP.test(text.slice(span.start, span.start + 64))) scenes++;
    sceneOf[at] = scenes - 1;
  }
  if (scenes < 2) return undefined;

  const { words, offsets } = index;
  const { slotOf, count: slots } = terms;
  const frequency = new Float64Array(scenes * slots);
  const length = new Float64Array(scenes);
  for (const [at, span] of spans.entries()) {
    const scene = sceneOf[at]!;
    length[scene]! += offsets[span.last + 1]! - offsets[span.first]!;
    for (let position = offsets[span.first]!; position < offsets[span.last + 1]!; position++) {
      const slot = slotOf[words[position]!]!;
      if (slot >= 0) frequency[scene * slots + slot]!++;
    }
  }
  const score = documentScores(frequency, length, slots, { k1, b });
  let best = 0;
  for (const value of score) best = Math.max(best, value);
  const relevance = new Float64Array(spans.length);
  if (best > 0)
    for (let at = 0; at < spans.length; at++) relevance[at] = score[sceneOf[at]!]! / best;
  return relevance;
}

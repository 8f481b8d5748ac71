import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { inTitleLineLayout } from './build-multihop-sets.ts';
import { XQUAD_LANGUAGES } from './build-sets.ts';
import { contextOf, documentLine, loadExamples } from './examples.ts';
import { LAYOUTS } from './layouts.ts';
import { paddedWithDistractors, XQUAD_EN_CONTEXT_TOKENS } from './padded-contexts.ts';
import type { SetLine, SharedContext, SuiteExample } from './suite-example.ts';

/**
 * The data sets of `bench:quality`. NQ multi-document comes from ../shared/bench-data
 * (its first half is the development part, its second half held out); the others are
 * built by build-sets.ts into ./data and carry their own split.
 */
export interface QualitySet {
  name: string;
  /** What the retention column counts. */
  measure: string;
  /** Compress without the query (the question is only used to check retention). */
  queryFree?: boolean;
  examples: SuiteExample[];
}

export const BUILT_SETS = [
  'multihop',
  'twohop',
  'dialogue',
  'realtalk',
  'code',
  'json',
  'xquad',
  'jsquad',
  'korquad',
  'arcd',
  'thaiqa',
  'multihop-wiki',
  'friendsqa',
  'tquad',
  'viwikiqa',
  'persianqa',
] as const;

/** The sets of one language beyond XQuAD's: built set, language and source name. */
export const LANGUAGE_SETS = [
  { set: 'jsquad', language: 'ja', source: 'JSQuAD' },
  { set: 'korquad', language: 'ko', source: 'KorQuAD 1.0' },
  { set: 'arcd', language: 'ar', source: 'ARCD' },
  { set: 'thaiqa', language: 'th', source: 'iApp Wiki QA' },
  { set: 'tquad', language: 'tr', source: 'TQuAD' },
  { set: 'viwikiqa', language: 'vi', source: 'Vietnamese Wikipedia QA' },
  { set: 'persianqa', language: 'fa', source: 'PersianQA' },
] as const;
export type BuiltSetName = (typeof BUILT_SETS)[number];

export function readBuiltSet(name: BuiltSetName): SuiteExample[] {
  const body = gunzipSync(readFileSync(new URL(`./data/${name}.jsonl.gz`, import.meta.url)));
  const shared = new Map<string, SharedContext['context']>();
  const examples: SuiteExample[] = [];
  for (const text of body.toString('utf8').split('\n')) {
    if (text.trim().length === 0) continue;
    const line = JSON.parse(text) as SetLine;
    if (!('query' in line)) {
      shared.set(line.conversation, line.context);
      continue;
    }
    if ('context' in line) {
      examples.push(line);
      continue;
    }
    // An example without context takes its conversation's, stored on an earlier line.
    const context = line.conversation === undefined ? undefined : shared.get(line.conversation);
    if (!context) throw new Error(`${name}: ${line.id} names no stored conversation`);
    examples.push({ ...line, context });
  }
  return examples;
}

/** NQ multi-document as suite examples: the 20 passages one a line, the answer strings. */
export function readNqSet(): SuiteExample[] {
  const examples = loadExamples();
  const half = Math.floor(examples.length / 2);
  return examples
    .map(
      (example, index): SuiteExample => ({
        id: example.id,
        split: index < half ? 'dev' : 'test',
        context: contextOf(example),
        query: example.question,
        answers: example.answers,
        unitSeparator: '\n',
      }),
    )
    .filter((example, index) => {
      // Only examples whose gold passage holds an answer string can keep it.
      const original = examples[index]!;
      const gold = documentLine(original.documents[original.goldIndex]!, original.goldIndex);
      const lower = gold.toLowerCase();
      return example.answers!.some((answer) => lower.includes(answer.toLowerCase()));
    });
}

/**
 * NQ multi-document in every layout of layouts.ts: the same passages and questions
 * (those whose gold passage text holds an answer string), joined each way.
 */
export function readNqLayoutSets(): QualitySet[] {
  const examples = loadExamples();
  const half = Math.floor(examples.length / 2);
  const answerable = examples
    .map((example, index) => ({ example, split: index < half ? 'dev' : 'test' }) as const)
    .filter(({ example }) => {
      const gold = example.documents[example.goldIndex]!.text.toLowerCase();
      return example.answers.some((answer) => gold.includes(answer.toLowerCase()));
    });
  return LAYOUTS.map((layout) => ({
    name: `NQ layout ${layout.name}`,
    measure: 'answer kept',
    examples: answerable.map(({ example, split }): SuiteExample => {
      const { context, unitSeparator } = layout.render(example.documents);
      return {
        id: example.id,
        split,
        context,
        query: example.question,
        answers: example.answers,
        unitSeparator,
        // The output of a JSON context is checked for validity too.
        ...(context.startsWith('[') ? { json: true } : {}),
      };
    }),
  }));
}

/**
 * NQ as a retrieval chain sends it to a chat model: the passages (in two of the layouts)
 * in a system message under an instruction, the question as the user message, and the
 * same question as the query. The baselines keep whole lines (one passage each).
 */
export function readNqPromptSets(): QualitySet[] {
  const layouts = ['passages only, blank lines', 'title line, text'];
  return readNqLayoutSets()
    .filter((set) => layouts.some((layout) => set.name === `NQ layout ${layout}`))
    .map((set) => ({
      name: set.name.replace('NQ layout', 'NQ chat prompt,'),
      measure: set.measure,
      examples: set.examples.map(({ unitSeparator: _, ...example }) => ({
        ...example,
        context: [
          {
            role: 'system',
            content: `Answer the question using only the context below.\n\n${example.context as string}`,
          },
          { role: 'user', content: example.query },
        ],
      })),
    }));
}

/**
 * The titled two-hop set (stored in the title-line layout, see build-sets.ts) in the
 * title-line layout and in the bench's `Document [i] (Title: t) text` layout.
 */
export function readTwoHopSets(): QualitySet[] {
  const examples = readBuiltSet('twohop');
  const layouts = ['title line, text', 'Document [i] (Title: t) text'].map(
    (name) => LAYOUTS.find((layout) => layout.name === name)!,
  );
  return layouts.map((layout) => ({
    name: `two-hop (MuSiQue, titled) ${layout.name}`,
    measure: 'answer kept',
    examples: examples.map((example) => {
      const passages = (example.context as string).split('\n\n').map((block) => {
        const newline = block.indexOf('\n');
        return { title: block.slice(0, newline), text: block.slice(newline + 1) };
      });
      const { context, unitSeparator } = layout.render(passages);
      return { ...example, context, unitSeparator };
    }),
  }));
}

/** MuSiQue and 2WikiMultihopQA, in the bench layout and as title lines over their text. */
function multihopWikiSets(examples: SuiteExample[]): QualitySet[] {
  const name = 'multi-hop large (MuSiQue + 2WikiMultihopQA)';
  return [
    { name: `${name}, Document [i] (Title: t) text`, measure: 'answer kept', examples },
    {
      name: `${name}, title line, text`,
      measure: 'answer kept',
      examples: examples.map(inTitleLineLayout),
    },
  ];
}

/** FriendsQA: each episode one long group conversation, asked about its scenes. */
function friendsQaSets(examples: SuiteExample[]): QualitySet[] {
  const name = 'TV dialogue (FriendsQA episodes)';
  const measure = 'answer utterance kept whole';
  return [
    { name: `${name}, with the question`, measure, examples },
    { name: `${name}, no query`, measure, queryFree: true, examples },
  ];
}

export function loadSets(split: SuiteExample['split'] | 'all'): QualitySet[] {
  const pick = (examples: SuiteExample[]) =>
    split === 'all' ? examples : examples.filter((example) => example.split === split);
  const dialogue = pick(readBuiltSet('dialogue'));
  const realtalk = pick(readBuiltSet('realtalk'));
  const xquad = pick(readBuiltSet('xquad'));
  return [
    { name: 'NQ multi-document', measure: 'answer kept', examples: pick(readNqSet()) },
    ...readNqLayoutSets().map((set) => ({ ...set, examples: pick(set.examples) })),
    ...readNqPromptSets().map((set) => ({ ...set, examples: pick(set.examples) })),
    {
      name: 'multi-hop (MuSiQue)',
      measure: 'answer kept',
      examples: pick(readBuiltSet('multihop')),
    },
    ...readTwoHopSets().map((set) => ({ ...set, examples: pick(set.examples) })),
    ...multihopWikiSets(pick(readBuiltSet('multihop-wiki'))),
    { name: 'dialogue, with the question', measure: 'answer turns kept whole', examples: dialogue },
    {
      name: 'dialogue, no query',
      measure: 'later-asked turns kept whole',
      queryFree: true,
      examples: dialogue,
    },
    ...friendsQaSets(pick(readBuiltSet('friendsqa'))),
    {
      name: 'long dialogue (REALTALK), with the question',
      measure: 'evidence turns kept whole',
      examples: realtalk,
    },
    {
      name: 'long dialogue (REALTALK), no query',
      measure: 'evidence turns kept whole',
      queryFree: true,
      examples: realtalk,
    },
    ...XQUAD_LANGUAGES.map((language) => ({
      name: `XQuAD ${language}, article paragraphs`,
      measure: 'answer kept',
      examples: xquad.filter((example) => example.id.startsWith(`xquad-${language}-`)),
    })),
    ...LANGUAGE_SETS.map(({ set, language, source }) => ({
      name: `${source} ${language}, article paragraphs`,
      measure: 'answer kept',
      examples: pick(readBuiltSet(set)),
    })),
    // Built from the dev part only (its distractors are other dev articles): no held-out row.
    ...(split === 'test' ? [] : [arcdPadded()]),
    {
      name: 'code (requests)',
      measure: 'named function kept whole',
      examples: pick(readBuiltSet('code')),
    },
    {
      name: 'JSON API responses',
      measure: 'named member kept',
      examples: pick(readBuiltSet('json')),
    },
  ];
}

/**
 * ARCD's dev questions with each article padded to XQuAD English's context size by other
 * dev articles' paragraphs (padded-contexts.ts): ARCD at the token budget of XQuAD en.
 */
export function arcdPadded(): QualitySet {
  return {
    name: `ARCD ar, padded to ${XQUAD_EN_CONTEXT_TOKENS} tokens by other dev articles`,
    measure: 'answer kept',
    examples: paddedWithDistractors(readBuiltSet('arcd'), XQUAD_EN_CONTEXT_TOKENS),
  };
}

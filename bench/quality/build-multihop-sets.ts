/**
 * Builds `multihop-wiki`, the larger multi-hop development set of `bench:quality`
 * (see bench/README.md, "Quality data sets"), from the MuSiQue and 2WikiMultihopQA
 * questions that AdelWang/MIGRES commits with their passages:
 *
 *   node bench/quality/build-multihop-sets.ts <path of MIGRES's git directory>
 *
 * The files are read at MULTIHOP_WIKI_SOURCE.commit with `git show`, so any clone
 * rebuilds the same bytes. Output: `bench/quality/data/multihop-wiki.jsonl.gz`, one
 * example a line (see suite-example.ts).
 */
import { execFileSync } from 'node:child_process';
import { LAYOUTS, type Passage } from './layouts.ts';
import type { SuiteExample } from './suite-example.ts';
import { writeBuiltSet } from './write-built-set.ts';

/**
 * The repository states no license of its own; the data is MuSiQue's (CC BY 4.0) and
 * 2WikiMultihopQA's (Apache-2.0). Its HotpotQA files are reserved and never read.
 */
export const MULTIHOP_WIKI_SOURCE = {
  repository: 'AdelWang/MIGRES',
  commit: '1de6265c9ca1014054d6ba875738e785830908f8',
} as const;

/** The layout the set is stored in (the NQ bench layout), and the one it is also run in. */
const STORED_LAYOUT = LAYOUTS.find((layout) => layout.name === 'Document [i] (Title: t) text')!;
const TITLE_LINE_LAYOUT = LAYOUTS.find((layout) => layout.name === 'title line, text')!;

/**
 * Two of every three questions are dev, so the dev part passes 300 questions (one
 * question under 0.35 points); each question has passages of its own, so no passage
 * set is in both parts.
 */
export const multihopSplitOf = (index: number): SuiteExample['split'] =>
  index % 3 === 2 ? 'test' : 'dev';

interface Question {
  id: string;
  question: string;
  answers: string[];
  passages: Passage[];
  /** Indexes of the passages the dataset marks as supporting the answer. */
  supporting: number[];
  /** 2WikiMultihopQA's supporting facts: a passage's index and the sentence of it. */
  supportingSentences?: Array<[number, string]>;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The answers worth checking: those written in a supporting passage's text and not in
 * the question. A yes/no answer, or a comparison answer the question itself names
 * ("Which film came out first, A or B?"), would be found in any passage that names
 * the entity, so it says nothing about whether the second hop was kept.
 */
export function checkableAnswers(item: Question): string[] {
  const question = item.question.toLowerCase();
  const support = item.supporting.map((at) => item.passages[at]!.text.toLowerCase()).join('\n');
  return [...new Set(item.answers.map(oneLine))].filter((answer) => {
    const lower = answer.toLowerCase();
    return (
      lower.length > 0 &&
      lower !== 'yes' &&
      lower !== 'no' &&
      !question.includes(lower) &&
      support.includes(lower)
    );
  });
}

function show(gitDirectory: string, path: string): string {
  return execFileSync(
    'git',
    ['--git-dir', gitDirectory, 'show', `${MULTIHOP_WIKI_SOURCE.commit}:${path}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
}

/** A JSON array, or one JSON value a line (the repository holds both). */
function records<T>(text: string): T[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as T[];
  return trimmed
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as T);
}

/** MuSiQue (answerable, 2 to 4 hops): 20 paragraphs each, the supporting ones marked. */
function musique(gitDirectory: string): Question[] {
  return records<{
    id: string;
    question: string;
    answer: string;
    answer_aliases: string[];
    answerable: boolean;
    paragraphs: Array<{ title: string; paragraph_text: string; is_supporting: boolean }>;
  }>(show(gitDirectory, 'data/musique.json'))
    .filter((item) => item.answerable)
    .map((item) => ({
      id: `musique-${item.id}`,
      question: oneLine(item.question),
      answers: [item.answer, ...item.answer_aliases],
      passages: item.paragraphs.map((p) => ({
        title: oneLine(p.title),
        text: oneLine(p.paragraph_text),
      })),
      supporting: item.paragraphs.flatMap((p, at) => (p.is_supporting ? [at] : [])),
    }));
}

/** 2WikiMultihopQA: 10 paragraphs each, supporting facts named by paragraph title. */
function twoWiki(gitDirectory: string, path: string): Question[] {
  return records<{
    _id: string;
    question: string;
    answer: string;
    context?: Array<[string, string[]]>;
    supporting_facts: Array<[string, number]>;
  }>(show(gitDirectory, path)).flatMap((item) => {
    // A few records of the dev file carry no passages: nothing to compress.
    if (!item.context) return [];
    const context = item.context;
    const titles = new Set(item.supporting_facts.map(([title]) => title));
    // A fact names its passage by title and its sentence by index; a fact whose sentence
    // is not in the passage (an index past its end) is left out.
    const supportingSentences = item.supporting_facts.flatMap(([title, sentence]) => {
      const at = context.findIndex(([name]) => name === title);
      const text = at < 0 ? undefined : context[at]![1][sentence];
      return text === undefined || oneLine(text).length === 0
        ? []
        : [[at, oneLine(text)] as [number, string]];
    });
    return [
      {
        id: `2wiki-${item._id}`,
        question: oneLine(item.question),
        answers: [item.answer],
        passages: context.map(([title, sentences]) => ({
          title: oneLine(title),
          text: oneLine(sentences.join(' ')),
        })),
        supporting: context.flatMap(([title], at) => (titles.has(title) ? [at] : [])),
        supportingSentences,
      },
    ];
  });
}

/**
 * Passages back from a context stored in the bench layout (`Document [i] (Title: t) text`).
 * A title may hold parentheses ("26th (Cameronian) Regiment of Foot"): it ends at the
 * first `)` that closes the opening `(Title: `.
 */
export function passagesOf(context: string): Passage[] {
  return context.split('\n').map((line) => {
    const opening = line.match(/^Document \[\d+\] \(Title: /);
    if (!opening) throw new Error(`not a bench-layout passage line: ${line.slice(0, 80)}`);
    let depth = 0;
    for (let at = opening[0].length; at < line.length; at++) {
      if (line[at] === '(') depth++;
      else if (line[at] === ')' && depth-- === 0) {
        return { title: line.slice(opening[0].length, at), text: line.slice(at + 2) };
      }
    }
    throw new Error(`unclosed title: ${line.slice(0, 80)}`);
  });
}

/** The same example with its passages laid out as title lines over their text. */
export function inTitleLineLayout(example: SuiteExample): SuiteExample {
  const { context, unitSeparator } = TITLE_LINE_LAYOUT.render(
    passagesOf(example.context as string),
  );
  return { ...example, context, unitSeparator };
}

export function buildMultihopWiki(gitDirectory: string): SuiteExample[] {
  const sources = [
    musique(gitDirectory),
    twoWiki(gitDirectory, 'data/wikihop.json'),
    twoWiki(gitDirectory, 'data/wikihop_train_preprocess.json'),
  ];
  const examples: SuiteExample[] = [];
  for (const questions of sources) {
    for (const item of questions) {
      const answers = checkableAnswers(item);
      if (answers.length === 0 || item.supporting.length < 2) continue;
      const { context, unitSeparator } = STORED_LAYOUT.render(item.passages);
      const example: SuiteExample = {
        id: item.id,
        split: multihopSplitOf(examples.length),
        context,
        query: item.question,
        answers,
        unitSeparator,
        // After the fields every run reads, so their bytes stay as they were.
        supportingPassages: item.supporting,
        ...(item.supportingSentences ? { supportingSentences: item.supportingSentences } : {}),
      };
      // The title-line layout is rebuilt from the stored text, so a question whose titles
      // do not come back whole (unbalanced parentheses) is left out.
      const back = (() => {
        try {
          return JSON.stringify(passagesOf(context));
        } catch {
          return '';
        }
      })();
      if (back !== JSON.stringify(item.passages)) {
        console.warn(`${item.id}: left out, a title does not come back from the bench layout`);
        continue;
      }
      examples.push(example);
    }
  }
  return examples;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [gitDirectory] = process.argv.slice(2);
  if (!gitDirectory) throw new Error('usage: build-multihop-sets.ts <git directory>');
  const examples = buildMultihopWiki(gitDirectory);
  const target = writeBuiltSet('multihop-wiki', examples);
  const dev = examples.filter((example) => example.split === 'dev').length;
  console.log(`multihop-wiki: ${examples.length} examples (${dev} dev) -> ${target.pathname}`);
}

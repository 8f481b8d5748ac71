/**
 * Builds the development sets of `bench:quality` from public snapshots (see
 * bench/README.md, "Quality data sets", for each source's repository, commit and
 * license). Run once per set after cloning its source repository:
 *
 *   node bench/quality/build-sets.ts <set> <path of the source's git directory>
 *
 * with <set> one of `multihop`, `twohop`, `dialogue`, `code`, `json`, `realtalk`, `xquad`,
 * `jsquad`, `korquad`, `arcd`, `thaiqa`. The script reads the files
 * at the commit named in SOURCES with `git show`, so any clone of that repository
 * rebuilds the same bytes. Output: `bench/quality/data/<set>.jsonl.gz`, one example
 * a line (see suite-example.ts), each marked `dev` (tune on it) or `test` (report on it).
 * The larger sets have builders of their own: `multihop-wiki` (build-multihop-sets.ts,
 * AdelWang/MIGRES, MuSiQue CC BY 4.0 and 2WikiMultihopQA Apache-2.0) and `friendsqa`
 * (build-friendsqa-set.ts, emorynlp/FriendsQA, Apache-2.0); each names its commit.
 */
import { execFileSync } from 'node:child_process';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { bm25Rank } from './bm25.ts';
import type { SetLine, SuiteExample } from './suite-example.ts';
import { writeBuiltSet } from './write-built-set.ts';

export const SOURCES = {
  multihop: {
    repository: 'YaoJiayi/CacheBlend',
    commit: '55ad02675939f783a38d579393527d218a7fd581',
  },
  dialogue: {
    repository: 'zhongwanjun/MemoryBank-SiliconFriend',
    commit: 'cf61c4196e4cfdb0f2b7a0316249fa40312dc3a9',
  },
  code: { repository: 'psf/requests', commit: '1f6589ec3a1ee910f9a65cc3ceac60b26677bc0e' },
  json: { repository: 'octokit/fixtures', commit: 'cb8bc9dafc55a3837be4434ff4ba7acf3d9cadde' },
  realtalk: {
    repository: 'danny911kr/REALTALK',
    commit: 'b903e06a9770bf4e5fe9018c3e132889666d3b4a',
  },
  xquad: {
    repository: 'google-deepmind/xquad',
    commit: '7d30520c717524000f0d9d2f9c10a069acd9d285',
  },
  jsquad: {
    repository: 'yahoojapan/JGLUE',
    commit: '6f071c09316baae89c3d083a90985b4b1cb9968c',
  },
  korquad: {
    repository: 'korquad/korquad.github.io',
    commit: '61d7d6682948375dd8f06ef27e788fd19982af38',
  },
  arcd: {
    repository: 'husseinmozannar/SOQAL',
    commit: '1229d34aa2b7a0b9a2e4858c9268e68f45d7e3c4',
  },
  thaiqa: {
    repository: 'iapp-technology/iapp-wiki-qa-dataset',
    commit: '644a29c59bac62d5b15b9e9b06c55bba00708eca',
  },
  // The file was removed from the repository after this commit.
  twohop: {
    repository: 'OSU-NLP-Group/HippoRAG',
    commit: '3d95d255a8db0c1699b853cfb4fbe5056708162d',
  },
} as const;

/**
 * The XQuAD languages built into the `xquad` set. Turkish, Vietnamese, Arabic, Hindi,
 * Thai, Greek and Romanian are reserved for independent evaluation: never read.
 */
export const XQUAD_LANGUAGES = ['en', 'de', 'es', 'zh', 'ru'] as const;

type SetName = keyof typeof SOURCES;

function show(gitDirectory: string, commit: string, path: string): string {
  return execFileSync('git', ['--git-dir', gitDirectory, 'show', `${commit}:${path}`], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

function list(gitDirectory: string, commit: string, folder: string): string[] {
  return execFileSync(
    'git',
    ['--git-dir', gitDirectory, 'ls-tree', '-r', '--name-only', commit, folder],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter((line) => line.length > 0);
}

/** Every other example is held out, so both parts span the whole source. */
export const splitOf = (index: number): SuiteExample['split'] => (index % 2 === 0 ? 'dev' : 'test');

/**
 * Multi-hop QA: LongBench's MuSiQue questions as packaged by CacheBlend (10 passages
 * each, the answer's passage reached only through a bridge entity).
 */
function buildMultihop(gitDirectory: string): SuiteExample[] {
  const raw = JSON.parse(
    show(gitDirectory, SOURCES.multihop.commit, 'inputs/musique_s.json'),
  ) as Array<{
    ctxs: Array<{ title: string; text: string }>;
    question: string;
    answers: string[];
  }>;
  const examples: SuiteExample[] = [];
  raw.forEach((item, index) => {
    const passages = item.ctxs.map((ctx) => ctx.text.trim());
    const context = passages.map((text, at) => `Passage ${at + 1}: ${text}`).join('\n\n');
    const lower = context.toLowerCase();
    const answers = item.answers.filter((answer) => lower.includes(answer.toLowerCase()));
    if (answers.length === 0) return;
    examples.push({
      id: `musique-${index}`,
      split: splitOf(index),
      context,
      query: item.question,
      answers,
      unitSeparator: '\n\n',
    });
  });
  return examples;
}

/** One line of a passage title or text: the title-line layout keeps each on one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Two-hop questions with titled passages: MuSiQue's 2-hop questions (train split) as
 * packaged by HippoRAG, 20 Wikipedia paragraphs each with their titles, two of them
 * supporting. The context is stored in the title-line layout (a title line over its
 * paragraph, blank lines between); sets.ts renders it in other layouts too.
 */
function buildTwoHop(gitDirectory: string): SuiteExample[] {
  const raw = JSON.parse(
    show(gitDirectory, SOURCES.twohop.commit, 'data/musique_train.json'),
  ) as Array<{
    id: string;
    paragraphs: Array<{ title: string; paragraph_text: string }>;
    question: string;
    answer: string;
    answer_aliases: string[];
    answerable: boolean;
  }>;
  const examples: SuiteExample[] = [];
  raw
    .filter((item) => item.id.startsWith('2hop__') && item.answerable)
    .forEach((item, index) => {
      const context = item.paragraphs
        .map((paragraph) => `${oneLine(paragraph.title)}\n${oneLine(paragraph.paragraph_text)}`)
        .join('\n\n');
      const text = item.paragraphs.map((paragraph) => oneLine(paragraph.paragraph_text));
      const lower = text.join('\n').toLowerCase();
      // Only answers the passages' text states (not a title alone) can be kept in every layout.
      const answers = [item.answer, ...item.answer_aliases].filter((answer) =>
        lower.includes(answer.toLowerCase()),
      );
      if (answers.length === 0) return;
      examples.push({
        id: `twohop-${item.id}`,
        split: splitOf(index),
        context,
        query: item.question,
        answers: [...new Set(answers)],
        unitSeparator: '\n\n',
      });
    });
  return examples;
}

interface MemoryBankUser {
  name: string;
  history: Record<string, Array<{ query: string; response: string }>>;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august'];

/** The session date a question names ("On May 4th", "on April 27th"), as YYYY-MM-DD. */
export function namedDate(question: string): string | undefined {
  const match = question
    .toLowerCase()
    .match(/(january|february|march|april|may|june|july|august)\s+(\d{1,2})/);
  if (!match) return undefined;
  const month = String(MONTHS.indexOf(match[1]!) + 1).padStart(2, '0');
  return `2023-${month}-${match[2]!.padStart(2, '0')}`;
}

/**
 * Long multi-session dialogue: MemoryBank's ten daily sessions per user, with the
 * probing questions asked after them. The data names no answer turn, so the build
 * labels one: the message that scores highest under BM25 against the question, within
 * the session the question dates when it names one, and, when that message is the
 * assistant asking something, the user's reply after it. Retention is whether every
 * labelled message survives whole.
 */
function buildDialogue(gitDirectory: string): SuiteExample[] {
  const bank = new Map(
    Object.entries(
      JSON.parse(
        show(gitDirectory, SOURCES.dialogue.commit, 'eval_data/en/memory_bank_en.json'),
      ) as Record<string, MemoryBankUser>,
    ).map(([name, user]) => [name.trim(), user]),
  );
  const probes = show(
    gitDirectory,
    SOURCES.dialogue.commit,
    'eval_data/en/probing_questions_en.jsonl',
  )
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Record<string, string[]>);
  const examples: SuiteExample[] = [];
  probes.forEach((probe, userIndex) => {
    const [name, questions] = Object.entries(probe)[0]!;
    const user = bank.get(name.trim());
    if (!user) return;
    const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    const dates: string[] = [];
    for (const [date, turns] of Object.entries(user.history)) {
      turns.forEach((turn, at) => {
        const opener = at === 0 ? `(${date}) ` : '';
        messages.push({ role: 'user', content: `${opener}${turn.query.trim()}` });
        dates.push(date);
        messages.push({ role: 'assistant', content: turn.response.trim() });
        dates.push(date);
      });
    }
    questions.forEach((rawQuestion, questionIndex) => {
      const question = rawQuestion.replace(/^"|"$/g, '').trim();
      const date = namedDate(question);
      const candidates = messages
        .map((_, at) => at)
        .filter((at) => date === undefined || !dates.includes(date) || dates[at] === date);
      const ranked = bm25Rank(
        candidates.map((at) => messages[at]!.content),
        question,
      );
      const best = candidates[ranked[0]!]!;
      // An assistant's question is answered by the user's next message: both hold the fact.
      const evidence = [best];
      const next = messages[best + 1];
      if (messages[best]!.role === 'assistant' && /\?\s*$/.test(messages[best]!.content) && next) {
        evidence.push(best + 1);
      }
      examples.push({
        id: `memorybank-${name}-${questionIndex}`,
        // Whole users are held out, so no conversation is seen in both parts.
        split: splitOf(userIndex),
        conversation: name,
        context: messages,
        query: question,
        evidence: evidence.map((at) => messages[at]!.content),
        evidenceMessages: evidence,
      });
    });
  });
  return examples;
}

/** Top-level and method definitions of a Python file, each with its full source. */
export function pythonFunctions(source: string): Array<{ name: string; text: string }> {
  const lines = source.split('\n');
  const found: Array<{ name: string; text: string }> = [];
  for (let at = 0; at < lines.length; at++) {
    const match = lines[at]!.match(/^(\s*)(?:async\s+)?def\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(/);
    if (!match) continue;
    const indent = match[1]!.length;
    let start = at;
    while (start > 0 && /^\s*@/.test(lines[start - 1]!)) start--;
    let end = at + 1;
    for (; end < lines.length; end++) {
      const line = lines[end]!;
      if (line.trim() === '') continue;
      const lineIndent = line.length - line.trimStart().length;
      if (lineIndent <= indent) break;
    }
    while (end > at + 1 && lines[end - 1]!.trim() === '') end--;
    found.push({ name: match[2]!, text: lines.slice(start, end).join('\n') });
  }
  return found;
}

/**
 * Oversized code: each module of requests larger than 1,500 tokens, as one fenced
 * block, with a question naming one of its functions. Retention is whether that
 * function's whole source survives.
 */
function buildCode(gitDirectory: string): SuiteExample[] {
  const examples: SuiteExample[] = [];
  const files = list(gitDirectory, SOURCES.code.commit, 'src/requests').filter((path) =>
    path.endsWith('.py'),
  );
  const random = seededRandom(11);
  let fileIndex = 0;
  for (const path of files) {
    const source = show(gitDirectory, SOURCES.code.commit, path).replace(/\s+$/, '');
    if (countTokens(source) < 1500) continue;
    const context = `Here is \`${path.replace('src/', '')}\`:\n\n\`\`\`python\n${source}\n\`\`\``;
    const functions = pythonFunctions(source).filter(
      (fn) => !fn.name.startsWith('__') && fn.text.split('\n').length >= 4,
    );
    const names = new Set<string>();
    const unique = functions.filter((fn) => {
      if (names.has(fn.name)) return false;
      names.add(fn.name);
      return functions.filter((other) => other.name === fn.name).length === 1;
    });
    // At most 12 functions a file, drawn with a fixed seed.
    const chosen = unique
      .map((fn) => ({ fn, key: random() }))
      .sort((a, b) => a.key - b.key)
      .slice(0, 12)
      .map(({ fn }) => fn);
    const split = splitOf(fileIndex++);
    const templates = [
      (name: string) => `What does \`${name}\` do?`,
      (name: string) => `How is the function ${name} implemented?`,
      (name: string) => `Explain ${name}() and the values it returns.`,
    ];
    chosen.forEach((fn, at) => {
      examples.push({
        id: `requests-${path.split('/').pop()}-${fn.name}`,
        split,
        context,
        query: templates[at % templates.length]!(fn.name),
        evidence: [fn.text],
        unitSeparator: '\n\n',
      });
    });
  }
  return examples;
}

/** The leaf paths of a JSON value with scalar values worth asking about. */
function leafPaths(
  value: unknown,
  path: Array<string | number> = [],
): Array<Array<string | number>> {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  if (typeof value === 'string' && (value.length < 3 || value.length > 120)) return [];
  if (value === null || typeof value === 'boolean') return [];
  return [path];
}

/** `[2].owner.login` style. */
export function formatPath(path: ReadonlyArray<string | number>): string {
  return path
    .map((part, at) => (typeof part === 'number' ? `[${part}]` : at === 0 ? part : `.${part}`))
    .join('');
}

function valueAt(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = value as Record<string | number, unknown>;
  for (const part of path) current = current[part] as Record<string | number, unknown>;
  return current;
}

/**
 * JSON API responses: the recorded GitHub API responses of octokit/fixtures larger
 * than 400 tokens, pretty-printed, each with questions naming a key path. Retention is
 * whether the named member (`"key": value`) survives; validity is whether the output
 * still parses.
 */
function buildJson(gitDirectory: string): SuiteExample[] {
  const examples: SuiteExample[] = [];
  const paths = list(gitDirectory, SOURCES.json.commit, 'scenarios/api.github.com').filter((path) =>
    path.endsWith('normalized-fixture.json'),
  );
  const random = seededRandom(7);
  let responseIndex = 0;
  for (const path of paths) {
    const recorded = JSON.parse(show(gitDirectory, SOURCES.json.commit, path)) as Array<{
      method: string;
      path: string;
      response: unknown;
    }>;
    const scenario = path.split('/')[2]!;
    recorded.forEach((call, callIndex) => {
      if (call.response === null || typeof call.response !== 'object') return;
      const context = JSON.stringify(call.response, null, 2);
      if (countTokens(context) < 400) return;
      const leaves = leafPaths(call.response).filter(
        (leaf) => typeof leaf[leaf.length - 1] === 'string',
      );
      const chosen = leaves
        .map((leaf) => ({ leaf, key: random() }))
        .sort((a, b) => a.key - b.key)
        .slice(0, 4)
        .map(({ leaf }) => leaf);
      const split = splitOf(responseIndex++);
      chosen.forEach((leaf, at) => {
        const key = leaf[leaf.length - 1] as string;
        const member = `${JSON.stringify(key)}: ${JSON.stringify(valueAt(call.response, leaf))}`;
        examples.push({
          id: `octokit-${scenario}-${callIndex}-${at}`,
          split,
          context,
          query: `What is \`${formatPath(leaf)}\` in the ${call.method} ${call.path} response?`,
          evidence: [member],
          unitSeparator: '\n',
          json: true,
        });
      });
    });
  }
  return examples;
}

interface RealTalkMessage {
  clean_text: string;
  speaker: string;
  dia_id: string;
}

/**
 * Long multi-session dialogue between two people: REALTALK's ten conversations of 21
 * days (400 to 1,500 messages, 20,000 to 40,000 tokens each), with its memory-probing
 * questions and the messages each answer rests on. Speaker 1 is `user`, speaker 2
 * `assistant`; each message opens with its speaker's name, a session's first with its
 * date too. Only questions resting on one or two messages are kept (retention is
 * whether every one of them survives whole). A conversation is stored once, on a line
 * of its own (`conversation` and `context`); its questions name it and carry no context.
 */
function buildRealTalk(gitDirectory: string): SetLine[] {
  const lines: SetLine[] = [];
  const files = list(gitDirectory, SOURCES.realtalk.commit, 'data')
    .filter((path) => /^data\/Chat_\d+_[^/]+\.json$/.test(path))
    .sort((a, b) => Number(a.match(/Chat_(\d+)/)![1]) - Number(b.match(/Chat_(\d+)/)![1]));
  files.forEach((path, fileIndex) => {
    const chat = JSON.parse(show(gitDirectory, SOURCES.realtalk.commit, path)) as Record<
      string,
      unknown
    > & {
      name: { speaker_1: string; speaker_2: string };
      qa: Array<{ question: string; answer: unknown; evidence?: string[] }>;
    };
    const conversation = path.replace(/^data\/|\.json$/g, '');
    const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [];
    const messageOf = new Map<string, number>();
    for (let session = 1; Array.isArray(chat[`session_${session}`]); session++) {
      const turns = chat[`session_${session}`] as RealTalkMessage[];
      const date = String(chat[`session_${session}_date_time`] ?? '')
        .split(',')[0]!
        .trim();
      let opened = false;
      for (const turn of turns) {
        const text = turn.clean_text.trim();
        if (text.length === 0) continue;
        const role = turn.speaker === chat.name.speaker_1 ? 'user' : 'assistant';
        const opener = opened || date.length === 0 ? '' : `(${date}) `;
        opened = true;
        messageOf.set(turn.dia_id, messages.length);
        messages.push({ role, content: `${opener}${turn.speaker}: ${text}` });
      }
    }
    const split = splitOf(fileIndex);
    lines.push({ conversation, split, context: messages });
    chat.qa.forEach((qa, questionIndex) => {
      const evidence = [...new Set(qa.evidence ?? [])];
      if (evidence.length === 0 || evidence.length > 2) return;
      const at = evidence.map((id) => messageOf.get(id));
      if (at.some((index) => index === undefined)) return;
      const indexes = (at as number[]).sort((a, b) => a - b);
      lines.push({
        id: `realtalk-${conversation}-${questionIndex}`,
        split,
        conversation,
        query: qa.question.trim(),
        evidence: indexes.map((index) => messages[index]!.content),
        evidenceMessages: indexes,
      });
    });
  });
  return lines;
}

/**
 * XQuAD (SQuAD v1.1 dev questions with professional translations): each question with
 * its article's paragraphs, joined by blank lines, as the context, and its answer text
 * as what must be kept. Articles alternate between the parts, so an article is never in
 * both; each article's context is stored once, on a line of its own.
 */
function buildXquad(gitDirectory: string): SetLine[] {
  const lines: SetLine[] = [];
  for (const language of XQUAD_LANGUAGES) {
    const raw = JSON.parse(show(gitDirectory, SOURCES.xquad.commit, `xquad.${language}.json`)) as {
      data: Array<{
        paragraphs: Array<{
          context: string;
          qas: Array<{ id: string; question: string; answers: Array<{ text: string }> }>;
        }>;
      }>;
    };
    raw.data.forEach((article, index) => {
      const conversation = `xquad-${language}-${index}`;
      const split = splitOf(index);
      const context = article.paragraphs.map((paragraph) => paragraph.context.trim()).join('\n\n');
      lines.push({ conversation, split, context });
      for (const paragraph of article.paragraphs) {
        for (const qa of paragraph.qas) {
          lines.push({
            id: `xquad-${language}-${qa.id}`,
            split,
            conversation,
            query: qa.question,
            answers: [...new Set(qa.answers.map((answer) => answer.text))],
            unitSeparator: '\n\n',
          });
        }
      }
    });
  }
  return lines;
}

/** One article of a SQuAD-style set: its paragraphs and the questions asked about them. */
export interface SquadArticle {
  key: string;
  paragraphs: string[];
  questions: Array<{ id: string; question: string; answers: string[] }>;
}

interface SquadFile {
  data: Array<{
    paragraphs: Array<{
      context: string;
      qas: Array<{ id: string; question: string; answers: Array<{ text: string }> }>;
    }>;
  }>;
}

const EDGES = /^[\s،,.;؛:]+|[\s،,.;؛:]+$/gu;

/**
 * SQuAD-style articles as set lines, as for XQuAD: an article's paragraphs joined by blank
 * lines are one stored context, articles alternate between the parts, and articles are
 * taken in the source's order until `limit` questions are in (so a language weighs about
 * as much as an XQuAD one). Only questions whose answer text is in the context are kept.
 */
export function squadLines(prefix: string, articles: SquadArticle[], limit: number): SetLine[] {
  const lines: SetLine[] = [];
  let questions = 0;
  articles.forEach((article, index) => {
    if (questions >= limit) return;
    const conversation = `${prefix}-${article.key}`;
    const split = splitOf(index);
    const context = article.paragraphs.map((paragraph) => paragraph.trim()).join('\n\n');
    lines.push({ conversation, split, context });
    for (const qa of article.questions) {
      // Spaces and a clause's comma or stop around an answer span are not part of it.
      const answers = [...new Set(qa.answers.map((answer) => answer.replace(EDGES, '')))].filter(
        (answer) => answer.length > 0 && context.includes(answer),
      );
      if (answers.length === 0) continue;
      questions++;
      lines.push({
        id: `${prefix}-${qa.id}`,
        split,
        conversation,
        query: qa.question.trim(),
        answers,
        unitSeparator: '\n\n',
      });
    }
  });
  return lines;
}

/**
 * Tokens a context: XQuAD's English articles have a median of 802. An article's
 * paragraphs (or, where articles are short, whole articles in a row) are taken in order
 * until the context reaches it, so every language is compressed from about the same size.
 */
export const CONTEXT_TOKENS = 800;

/** The opening paragraphs of `paragraphs` that first reach CONTEXT_TOKENS (at least one). */
export function openingParagraphs<T>(
  paragraphs: readonly T[],
  text: (paragraph: T) => string,
): T[] {
  const kept: T[] = [];
  let tokens = 0;
  for (const paragraph of paragraphs) {
    if (tokens >= CONTEXT_TOKENS) break;
    kept.push(paragraph);
    tokens += countTokens(text(paragraph)) + 1;
  }
  return kept;
}

/** The articles of a SQuAD v1 file, each cut to its opening paragraphs. */
function squadArticles(
  file: SquadFile,
  clean: (context: string) => string = (context) => context,
): SquadArticle[] {
  return file.data.map((article, index) => {
    const kept = openingParagraphs(article.paragraphs, (paragraph) => clean(paragraph.context));
    return {
      key: String(index),
      paragraphs: kept.map((paragraph) => clean(paragraph.context)),
      questions: kept.flatMap((paragraph) =>
        paragraph.qas.map((qa) => ({
          id: qa.id,
          question: qa.question,
          answers: qa.answers.map((answer) => answer.text),
        })),
      ),
    };
  });
}

/** Questions a language: about XQuAD's 1,190, half of them dev. */
export const LANGUAGE_QUESTIONS = 1200;

/**
 * Japanese: JSQuAD (JGLUE) validation questions on Japanese Wikipedia paragraphs, each
 * paragraph's `title [SEP] ` opening removed.
 */
function buildJsquad(gitDirectory: string): SetLine[] {
  const file = JSON.parse(
    show(gitDirectory, SOURCES.jsquad.commit, 'datasets/jsquad-v1.3/valid-v1.3.json'),
  ) as SquadFile;
  const clean = (context: string) => context.replace(/^[^\n]*? \[SEP\] /, '');
  return squadLines('jsquad', squadArticles(file, clean), LANGUAGE_QUESTIONS);
}

/** Korean: KorQuAD 1.0 dev questions on Korean Wikipedia paragraphs. */
function buildKorquad(gitDirectory: string): SetLine[] {
  const file = JSON.parse(
    show(gitDirectory, SOURCES.korquad.commit, 'dataset/KorQuAD_v1.0_dev.json'),
  ) as SquadFile;
  return squadLines('korquad', squadArticles(file), LANGUAGE_QUESTIONS);
}

/** Arabic: ARCD's test questions (SOQAL) on Arabic Wikipedia paragraphs. */
function buildArcd(gitDirectory: string): SetLine[] {
  const file = JSON.parse(
    show(gitDirectory, SOURCES.arcd.commit, 'data/arcd-test.json'),
  ) as SquadFile;
  return squadLines('arcd', squadArticles(file), LANGUAGE_QUESTIONS);
}

/**
 * Thai: iApp Wiki QA's test questions on Thai Wikipedia articles (its SQuAD-format
 * copy, one question a line with its article). Its articles are short (about 700
 * characters), so articles in a row make one context until it reaches CONTEXT_TOKENS,
 * each article's paragraphs separated by blank lines.
 */
function buildThaiqa(gitDirectory: string): SetLine[] {
  const rows = show(gitDirectory, SOURCES.thaiqa.commit, 'squad_format/data/test.jsonl')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map(
      (line) =>
        JSON.parse(line) as {
          article_id: string;
          question_id: string;
          context: string;
          question: string;
          answers: { text: string[] };
        },
    );
  const byArticle = new Map<string, typeof rows>();
  for (const row of rows) {
    byArticle.set(row.article_id, [...(byArticle.get(row.article_id) ?? []), row]);
  }
  const remaining = [...byArticle.values()];
  const articles: SquadArticle[] = [];
  while (remaining.length > 0) {
    const group = openingParagraphs(remaining, (questions) => questions[0]!.context);
    remaining.splice(0, group.length);
    articles.push({
      key: String(articles.length),
      paragraphs: group.flatMap((questions) => questions[0]!.context.split(/\n\s*\n/)),
      questions: group.flat().map((row) => ({
        id: row.question_id,
        question: row.question,
        answers: row.answers.text,
      })),
    });
  }
  return squadLines('thaiqa', articles, LANGUAGE_QUESTIONS);
}

const BUILDERS: Record<SetName, (gitDirectory: string) => SetLine[]> = {
  xquad: buildXquad,
  jsquad: buildJsquad,
  korquad: buildKorquad,
  arcd: buildArcd,
  thaiqa: buildThaiqa,
  multihop: buildMultihop,
  twohop: buildTwoHop,
  dialogue: buildDialogue,
  code: buildCode,
  json: buildJson,
  realtalk: buildRealTalk,
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const [set, gitDirectory] = process.argv.slice(2) as [SetName, string];
  if (!(set in BUILDERS) || !gitDirectory) {
    throw new Error(`usage: build-sets.ts <${Object.keys(BUILDERS).join('|')}> <git directory>`);
  }
  const examples = BUILDERS[set](gitDirectory);
  const target = writeBuiltSet(set, examples);
  const questions = examples.filter((line) => 'query' in line);
  const test = questions.filter((example) => example.split === 'test').length;
  console.log(`${set}: ${questions.length} examples (${test} held out) -> ${target.pathname}`);
}

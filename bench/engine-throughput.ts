/**
 * Throughput of the local engine on long contexts of 10k, 100k and 1M input tokens.
 * Run: `npx -y pnpm@12.21.0 bench engine-throughput`, or this file alone with node.
 *
 * Two bodies of text: `docs`, the distinct Markdown files installed under
 * node_modules/.pnpm (about 1.3M tokens of varied prose and code; each size takes a
 * slice no other size has seen), and `qa`, the passages of the development set as
 * `Document [i] (Title: ...)` lines (only ~120k distinct tokens, so the 1M text repeats
 * them, which flatters the caches), and `zh`, the XQuAD Chinese development articles
 * (about 20k distinct tokens, repeated the same way), where every clause goes through the
 * word segmenter, and `chat`, the development conversations of REALTALK and FriendsQA as
 * one message array (14 conversations, 7,766 messages, about 180k distinct tokens, repeated
 * the same way), whose sessions and scenes are scored against the question
 * (scene-relevance.ts) and whose messages are kept or dropped whole (compress-turns.ts).
 * Each row is one level and one query setting.
 * `first call` is the first call on a text in a warm process (one that compressed other
 * documents before), the figure a new request gets (measured once per text, with the
 * first setting); `again` is the median of
 * repeated calls on the same text; `countTokens alone` is the median of a plain count
 * of the same text, the floor for counting the input exactly with the tokenizer alone.
 * Each figure is input tokens per second of the process's CPU time (user + system,
 * which includes the garbage collector's helper threads) and of the wall clock.
 */
import type { ContextMessage } from '../packages/core/src/index.ts';
import { compressContext } from '../packages/local/src/engine/compress-context.ts';
import { renderContext } from '../packages/local/src/engine/render-context.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { contextOf, documentLine, loadExamples } from './quality/examples.ts';
import { readBuiltSet } from './quality/sets.ts';
import { docsCorpus } from './support/docs-corpus.ts';
import { writeResults } from './support/results.ts';
import { median } from './support/stats.ts';
import { type SuiteOptions, scaled } from './support/suite.ts';
import type { BenchTable } from './support/table.ts';

const SIZES = [10_000, 100_000, 1_000_000];

/** The XQuAD Chinese development articles, each once. */
function chineseArticles(): string[] {
  const seen = new Set<string>();
  for (const example of readBuiltSet('xquad')) {
    if (example.split !== 'dev' || !example.id.startsWith('xquad-zh-')) continue;
    if (typeof example.context === 'string') seen.add(example.context);
  }
  return [...seen];
}

/** The development conversations of the two long-dialogue sets, each once, in set order. */
function conversations(): ContextMessage[][] {
  const seen = new Set<ContextMessage[]>();
  for (const name of ['realtalk', 'friendsqa'] as const) {
    for (const example of readBuiltSet(name)) {
      if (example.split === 'dev' && Array.isArray(example.context)) seen.add(example.context);
    }
  }
  return [...seen];
}

/** Consecutive messages from `cursor.at` on, about `tokens` tokens of content. */
function takeMessages(
  messages: ContextMessage[],
  tokens: number,
  cursor: { at: number },
): ContextMessage[] {
  const taken: ContextMessage[] = [];
  let total = 0;
  while (total < tokens) {
    const message = messages[cursor.at++ % messages.length]!;
    taken.push(message);
    total += countTokens(typeof message.content === 'string' ? message.content : '') + 4;
  }
  return taken;
}

/** Consecutive pieces from `cursor.at` on, cut at a line break to about `tokens` tokens. */
function take(pieces: string[], tokens: number, cursor: { at: number }, separator: string) {
  const taken: string[] = [];
  let total = 0;
  while (total < tokens) {
    const piece = pieces[cursor.at++ % pieces.length]!;
    taken.push(piece);
    total += countTokens(piece) + 1;
  }
  const text = taken.join(separator);
  const cut = text.lastIndexOf('\n', Math.floor((text.length * tokens) / total));
  return cut > 0 ? text.slice(0, cut) : text;
}

interface Timing {
  cpu: number;
  wall: number;
}

function time(run: () => void): Timing {
  const before = process.cpuUsage();
  const started = performance.now();
  run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / 1000, wall };
}

function medianTiming(run: () => void, repeats: number): Timing {
  const timings = Array.from({ length: repeats }, () => time(run));
  return {
    cpu: median(timings.map((timing) => timing.cpu)),
    wall: median(timings.map((timing) => timing.wall)),
  };
}

const settings = [
  { label: 'standard, query', level: 'standard', withQuery: true },
  { label: 'ultra, query', level: 'ultra', withQuery: true },
  { label: 'low, query', level: 'low', withQuery: true },
  { label: 'standard, no query', level: 'standard', withQuery: false },
] as const;

interface Row {
  text: string;
  run: string;
  inputTokens: number;
  /** Million input tokens per second of CPU time, first call on unseen text (first setting only). */
  firstCall?: number;
  again: number;
  againWall: number;
  countTokensAlone: number;
}

export async function run(options: Partial<SuiteOptions> = {}): Promise<BenchTable[]> {
  const scale = options.scale ?? 1;
  const examples = loadExamples();
  const corpora = [
    {
      name: 'docs',
      pieces: docsCorpus(),
      separator: '\n\n',
      query: 'How do I configure retries and timeouts?',
    },
    {
      name: 'qa',
      pieces: examples.flatMap((example) => example.documents.map(documentLine)),
      separator: '\n',
      query: examples[0]!.question,
    },
    {
      name: 'zh',
      pieces: chineseArticles(),
      separator: '\n\n',
      query: '谁设计了市场的屋顶？',
    },
  ];
  const chat = {
    name: 'chat',
    messages: conversations().flat(),
    query: 'Where does Kate work as a teacher assistant?',
  };

  // A process that has served requests before: the hot paths compiled and the common
  // chunks known, from text no timed run uses (the last docs files, the last questions).
  const docs = corpora[0]!.pieces;
  if (docs.length < 100)
    throw new Error('no Markdown files under node_modules/.pnpm: install first');
  const warmUp = take(docs.slice(-40), 100_000, { at: 0 }, '\n\n');
  compressContext({ context: warmUp, query: 'warm up', level: 'standard' });
  for (const example of examples.slice(-50)) {
    compressContext({ context: contextOf(example), query: example.question, level: 'standard' });
  }
  corpora[0]!.pieces = docs.slice(0, -40);
  // And a conversation with its questions, of the held-out part no timed run uses.
  const heldOut = readBuiltSet('realtalk').filter((example) => example.split === 'test');
  for (const example of heldOut.slice(0, 10)) {
    compressContext({ context: example.context, query: example.query, level: 'standard' });
  }

  const rows: Row[] = [];
  const inputs = [
    ...corpora.map((corpus) => {
      const cursor = { at: 0 };
      return SIZES.map((size) => {
        const context = take(corpus.pieces, size, cursor, corpus.separator);
        const count = () => countTokens(context);
        return { name: corpus.name, query: corpus.query, size, context, count };
      });
    }),
    (() => {
      const cursor = { at: 0 };
      return SIZES.map((size) => {
        const context = takeMessages(chat.messages, size, cursor);
        // The baseline counts the text the engine reads: the messages with their roles.
        const { text } = renderContext(context);
        const count = () => countTokens(text);
        return { name: chat.name, query: chat.query, size, context, count };
      });
    })(),
  ];
  for (const sized of inputs) {
    for (const { name, query, size, context, count } of sized) {
      const inputTokens = count();
      const rate = (milliseconds: number) => inputTokens / milliseconds / 1000;
      // Short runs are more at the mercy of a garbage collection: more of them.
      const repeats = scaled(size >= 1_000_000 ? 5 : size >= 100_000 ? 11 : 31, scale, 3);
      const counting = medianTiming(count, repeats);
      for (const [at, setting] of settings.entries()) {
        const params = {
          context,
          level: setting.level,
          ...(setting.withQuery ? { query } : {}),
        };
        // Only the first setting meets this text fresh; the others find its chunks counted.
        const first = at === 0 ? rate(time(() => compressContext(params)).cpu) : undefined;
        const again = medianTiming(() => compressContext(params), repeats);
        rows.push({
          text: name,
          run: setting.label,
          inputTokens,
          ...(first === undefined ? {} : { firstCall: first }),
          again: rate(again.cpu),
          againWall: rate(again.wall),
          countTokensAlone: rate(counting.cpu),
        });
      }
    }
  }
  if (scale === 1) await writeResults('engine-throughput', { unit: 'M input tokens/s', rows });
  return [
    {
      title: 'Engine throughput (million input tokens per second of CPU time)',
      columns: [
        'text',
        'run',
        'input tokens',
        'first call',
        'again',
        'again (wall)',
        'countTokens alone',
        'again / countTokens',
      ],
      rows: rows.map((row) => [
        row.text,
        row.run,
        row.inputTokens,
        row.firstCall === undefined ? '-' : row.firstCall.toFixed(2),
        row.again.toFixed(2),
        row.againWall.toFixed(2),
        row.countTokensAlone.toFixed(2),
        `${(row.again / row.countTokensAlone).toFixed(2)}x`,
      ]),
      notes: [
        'Baseline: one plain countTokens of the same text, in the same run: the floor for',
        'counting the input exactly with the tokenizer alone. Linear cost shows as a steady',
        `rate from 10k to 1M tokens. Node ${process.version}, one thread.`,
      ],
    },
  ];
}

if (import.meta.main) {
  const { printTables } = await import('./support/table.ts');
  printTables(await run({ scale: Number(process.env.CTXOPT_BENCH_SCALE ?? 1) }));
}

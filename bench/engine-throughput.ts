/**
 * Throughput of the local engine on long contexts: 10k, 100k and 1M input tokens built
 * from the passages of the development set, one `Document [i] (Title: ...)` line
 * each, compressed with a question as the query and without one. Prints the median
 * time of several runs and input tokens per second, beside one plain `countTokens` of
 * the same text (the floor for any engine that counts its input exactly). Times are
 * medians, as wall clock and as the process's CPU time (steadier on a shared machine).
 * Run: `node --conditions=@ctxopt/source bench/engine-throughput.ts`.
 */
import { compressContext } from '../packages/local/src/engine/compress-context.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { documentLine, loadExamples } from './quality/examples.ts';

const SIZES = [10_000, 100_000, 1_000_000];
const examples = loadExamples();
const query = examples[0]!.question;

/** Distinct passages, in order, until the text holds about `tokens` tokens. */
function contextOf(tokens: number): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let round = 0; total < tokens; round++) {
    for (const example of examples) {
      for (const document of example.documents) {
        if (total >= tokens) break;
        const key = `${round}:${document.title}:${document.text.slice(0, 40)}`;
        if (seen.has(key) || (round === 0 && seen.has(`0:${document.title}`))) continue;
        seen.add(key);
        const line = documentLine(document, lines.length);
        lines.push(line);
        total += countTokens(line) + 1;
      }
      if (total >= tokens) break;
    }
  }
  return lines.join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Timing {
  /** Median wall-clock milliseconds. */
  wall: number;
  /** Median CPU milliseconds of the process (user + system), steadier on a busy machine. */
  cpu: number;
}

function time(run: () => void, repeat: number): Timing {
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let attempt = 0; attempt < repeat; attempt++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    run();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpus.push((used.user + used.system) / 1000);
  }
  return { wall: median(walls), cpu: median(cpus) };
}

compressContext({ context: contextOf(5_000), query, level: 'standard' });
const rows: string[][] = [];
for (const size of SIZES) {
  const context = contextOf(size);
  const repeat = size >= 1_000_000 ? 5 : size >= 100_000 ? 9 : 31;
  const inputTokens = countTokens(context);
  const counting = time(() => countTokens(context), repeat);
  const perSecond = (milliseconds: number) => `${(inputTokens / milliseconds / 1000).toFixed(2)}M`;
  const row = (label: string, timing: Timing) => [
    label,
    String(inputTokens),
    timing.wall.toFixed(1),
    perSecond(timing.wall),
    timing.cpu.toFixed(1),
    perSecond(timing.cpu),
  ];
  rows.push(row('countTokens only', counting));
  for (const [label, params] of [
    ['standard, query', { level: 'standard', query }],
    ['ultra, query', { level: 'ultra', query }],
    ['low, query', { level: 'low', query }],
    ['standard, no query', { level: 'standard' }],
  ] as const) {
    rows.push(
      row(
        label,
        time(() => compressContext({ context, ...params }), repeat),
      ),
    );
  }
}

const header = ['run', 'input tokens', 'wall ms', 'tokens/s (wall)', 'CPU ms', 'tokens/s (CPU)'];
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]!.length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
console.log(`node ${process.version}, one thread\n`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));

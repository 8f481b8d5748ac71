/**
 * The local engine on inputs that once broke it: each reported defect, reproduced, and
 * the time of one call on adversarial texts at two sizes (x and 4x, in the same run).
 * Run: `npx -y pnpm@12.21.0 exec node --conditions=@ctxopt/source bench/engine-worst-cases.ts`
 * (`--quick` skips the largest sizes).
 *
 * A linear engine takes about 4 times as long on the 4x text; a quadratic one about 16.
 * The last table is the event loop during one call on a megabyte: `compressContext` holds
 * it for the whole call; `LocalContextOptimizer.compress` runs the engine in a worker, and
 * `longest pause` is the longest a 1 ms interval on the caller's loop went without firing
 * (the goal is about 100 ms per MB of input).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { compressContext } from '../packages/local/src/engine/compress-context.ts';
import { typescriptFile } from '../packages/local/src/engine/testing/code-files.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';
import { LocalContextOptimizer } from '../packages/local/src/local-context-optimizer.ts';
import { longestPause } from '../test/support/longest-pause.ts';

const quick = process.argv.includes('--quick');

function handbook(): string {
  const directory = new URL('../examples/corpus/documents/', import.meta.url);
  return readdirSync(directory)
    .sort()
    .slice(0, 6)
    .map((name) => readFileSync(new URL(name, directory), 'utf8'))
    .join('\n');
}

const PROSE =
  'The harbour authority reopened the northern pier after the storm damage was repaired, ' +
  'and the ferry to Kestrel Island resumed its hourly timetable on 14 March 2024. ';

function templated(): string {
  const cities = ['Belgrade', 'Vienna', 'Lisbon', 'Oslo', 'Tallinn', 'Porto', 'Krakow', 'Ghent'];
  return Array.from(
    { length: 60 },
    (_, index) =>
      `Paragraph ${index}: the river flows through ${cities[index % cities.length]} and then it winds slowly across the wide green valley of the old kingdom before it reaches the sea in region ${index}.`,
  ).join('\n');
}

const defects = [
  { name: 'heading, one line of prose', context: `# Title ${PROSE.repeat(12)}` },
  { name: 'handbook, newlines collapsed', context: handbook().replace(/\s*\n\s*/g, ' ') },
  {
    name: 'code files larger than the budget',
    context: `Review these files for the bug in the retry step.\n\n${['alpha', 'beta', 'gamma'].map((name) => typescriptFile(name, 90)).join('\n\n')}`,
  },
  { name: '60 templated lines', context: templated() },
];

console.log('\n## Defects (no query)\n');
console.log('| case | input tokens | low | standard | ultra |');
console.log('| --- | --- | --- | --- | --- |');
for (const { name, context } of defects) {
  const cells = (['low', 'standard', 'ultra'] as const).map((level) => {
    const result = compressContext({ context, level });
    return `${result.compressedTokens} (${result.status})`;
  });
  console.log(`| ${name} | ${countTokens(context)} | ${cells.join(' | ')} |`);
}

function base64(length: number): string {
  let state = 12345;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let text = '';
  for (let index = 0; index < length; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    text += alphabet[state >>> 26];
  }
  return text;
}

function minified(length: number): string {
  const piece =
    'function(a,b){return a.map(function(c){return c*b+1})};var x={"k":[1,2,3],"v":"w"};';
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

function urls(length: number): string {
  let text = '';
  for (let index = 0; text.length < length; index++)
    text += `https://example.com/a/${index}?q=${index * 7},`;
  return text.slice(0, length);
}

const kinds: { name: string; make: (length: number) => string; size: number }[] = [
  { name: 'one unbroken run (letters)', make: (length) => 'a'.repeat(length), size: 250_000 },
  { name: 'only newlines', make: (length) => '\n'.repeat(length), size: 25_000 },
  { name: 'base64 as text', make: base64, size: 250_000 },
  { name: 'minified blob', make: minified, size: 250_000 },
  { name: 'URL list without spaces', make: urls, size: 250_000 },
  {
    name: 'prose on one line',
    make: (length) => PROSE.repeat(Math.ceil(length / PROSE.length)).slice(0, length),
    size: 250_000,
  },
];

function timed(context: string): number {
  const started = performance.now();
  compressContext({ context, query: 'storm damage', level: 'standard' });
  return performance.now() - started;
}

console.log('\n## Time of one call (query, standard)\n');
console.log('| input | x chars | x ms | 4x ms | ratio 4x/x | ms per MB at 4x |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const kind of kinds) {
  const size = quick ? kind.size / 4 : kind.size;
  timed(kind.make(1000));
  const small = timed(kind.make(size));
  const large = timed(kind.make(size * 4));
  console.log(
    `| ${kind.name} | ${size} | ${small.toFixed(0)} | ${large.toFixed(0)} | ${(large / small).toFixed(1)} | ${(large / ((size * 4) / 1e6)).toFixed(0)} |`,
  );
}

const megabyte = quick ? 250_000 : 1_000_000;
const loopInputs: { name: string; context: string }[] = [
  {
    name: 'prose, one sentence a line',
    context: `${PROSE}\n`.repeat(Math.ceil(megabyte / (PROSE.length + 1))).slice(0, megabyte),
  },
  { name: 'one unbroken run (letters)', context: base64(megabyte).replace(/[^a-z]/g, 'q') },
  { name: 'base64 as text', context: base64(megabyte) },
  {
    name: 'only newlines',
    context: `Storm damage report.${'\n'.repeat(megabyte - 40)}The pier reopened.`,
  },
];
const optimizer = new LocalContextOptimizer();
console.log(`\n## The event loop during one call on ${megabyte / 1e6} MB (query, standard)\n`);
console.log(
  '| input | compressContext ms (loop blocked throughout) | LocalContextOptimizer.compress ms | longest pause ms | pause ms per MB | loop busy ms |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
// The worker starts on the first large call (it loads the tokenizer): not part of any row.
await optimizer.compress({ context: base64(40_000), level: 'standard' });
// The optimizer's rows first, then the synchronous ones: garbage the synchronous runs leave
// is not collected on the caller's thread during an optimizer row.
const rows = [];
for (const { name, context } of loopInputs) {
  const params = { context, query: 'storm damage', level: 'standard' as const };
  rows.push({ name, params, ...(await longestPause(() => optimizer.compress(params))) });
}
for (const { name, params, duration, longest, busy } of rows) {
  const started = performance.now();
  compressContext(params);
  const blocked = performance.now() - started;
  console.log(
    `| ${name} | ${blocked.toFixed(0)} | ${duration.toFixed(0)} | ${longest.toFixed(1)} | ${(longest / (megabyte / 1e6)).toFixed(1)} | ${busy.toFixed(0)} |`,
  );
}

// One character repeated beside a word, every shape of run: the engine once handed a
// remembered run and a new word to the tokenizer's quadratic merge together. The goal: a
// million characters of any of them in at most 5 s. A new word each call, so no remembered
// count makes one cheaper.
const RUNS: Record<string, string> = {
  'line breaks': '\n',
  'CR LF': '\r\n',
  spaces: ' ',
  tabs: '\t',
  'full stops': '.',
  'a letter': 'a',
  'a capital': 'A',
  CJK: '中',
  emoji: '😀',
  digits: '7',
};
const runLength = quick ? 250_000 : 1_000_000;
let wordNumber = 0;
const newWord = () => `q${(wordNumber++ + 1000).toString(36).replace(/[0-9]/g, 'x')}y`;
console.log(
  `\n## ${runLength / 1e6}M characters of one character beside a word (query, standard)\n`,
);
console.log('| run | before a word ms | after a word ms |');
console.log('| --- | --- | --- |');
for (const [name, unit] of Object.entries(RUNS)) {
  const run = unit.repeat(runLength / unit.length);
  const before = timed(`${run}${newWord()}`);
  const after = timed(`${newWord()}${run}`);
  console.log(`| ${name} | ${before.toFixed(0)} | ${after.toFixed(0)} |`);
}

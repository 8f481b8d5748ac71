/**
 * The local engine on inputs that once broke it: each reported defect, reproduced, and
 * the time of one call on adversarial texts at two sizes (x and 4x, in the same run).
 * Run: `npx -y pnpm@12.21.0 exec node --conditions=@ctxopt/source bench/engine-worst-cases.ts`
 * (`--quick` skips the largest sizes).
 *
 * A linear engine takes about 4 times as long on the 4x text; a quadratic one about 16.
 * `max block` is the longest the event loop stayed busy during the call, in ms per MB of
 * input (the goal is about 100).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { compressContext } from '../packages/local/src/engine/compress-context.ts';
import { typescriptFile } from '../packages/local/src/engine/testing/code-files.ts';
import { countTokens } from '../packages/local/src/engine/tokenizer.ts';

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

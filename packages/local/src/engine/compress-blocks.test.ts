import { compressContext, countTokens } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { typescriptFile } from './testing/code-files.ts';

/** Blocks larger than the budget: cut inside, along their structure. */

function method(name: string, index: number): string {
  return [
    `    def ${name}(self, request, timeout=${index}):`,
    `        """Handle step ${index} of the transfer and return its status."""`,
    `        attempts = self.retries + ${index}`,
    '        for attempt in range(attempts):',
    `            if self.ready(request, attempt * ${index}):`,
    '                return self.finish(request)',
    '        return None',
  ].join('\n');
}

const NAMES = [
  'open_session',
  'send_body',
  'read_headers',
  'close_pool',
  'add_headers',
  'proxy_url',
];

function pythonFile(): string {
  const methods = Array.from({ length: 36 }, (_, index) =>
    method(`${NAMES[index % NAMES.length]}_${index}`, index),
  );
  methods[23] = method('add_headers', 23);
  return [
    'Here is `adapters.py`:',
    '',
    '```python',
    'import socket',
    '',
    'class HTTPAdapter(BaseAdapter):',
    '    """The transport adapter."""',
    '',
    methods.join('\n\n'),
    '```',
  ].join('\n');
}

describe('compressContext on code larger than the budget', () => {
  it('keeps the method the question names whole, inside balanced fences', () => {
    const context = pythonFile();
    for (const level of ['standard', 'ultra'] as const) {
      const result = compressContext({ context, query: 'What does `add_headers` do?', level });
      expect(result.status).toBe('compressed');
      expect(result.compressed).toContain(method('add_headers', 23));
      expect(result.compressed.split('```').length % 2).toBe(1);
      expect(result.compressed).toContain('```python\n');
      expect(result.compressedTokens).toBeLessThanOrEqual(
        result.inputTokens / { standard: 4, ultra: 10 }[level],
      );
    }
  });

  it('keeps whole functions of several files, not one sentence of prose', () => {
    const context = `Review these files for the bug in the retry step.\n\n${[typescriptFile('', 90), typescriptFile('', 90), typescriptFile('', 90)].join('\n\n')}`;
    const result = compressContext({ context, query: 'Step17 limit', level: 'standard' });
    const budget = Math.floor(result.inputTokens / 4);
    expect(result.compressedTokens).toBeGreaterThanOrEqual(budget / 2);
    expect(result.compressed).toContain(
      'export function Step17(input: number[], limit = 20): number {',
    );
    expect(result.compressed.split('```').length % 2).toBe(1);
    // Every function kept is whole: as many opening lines as closing braces at column 0.
    const opened = result.compressed.match(/^export function/gm)?.length ?? 0;
    const closed = result.compressed.match(/^\}$/gm)?.length ?? 0;
    expect(opened).toBe(closed);
    expect(opened).toBeGreaterThan(3);
  });
});

describe('compressContext on a table larger than the budget', () => {
  it('keeps the header row above the rows it keeps', () => {
    const rows = Array.from(
      { length: 200 },
      (_, index) => `| station ${index} | ${index * 7} docks | zone ${index % 9} |`,
    );
    const header = '| station | capacity | zone |\n| --- | --- | --- |';
    const context = `${header}\n${rows.join('\n')}`;
    const result = compressContext({ context, query: 'station 117 capacity', level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed.startsWith(header)).toBe(true);
    expect(result.compressed).toContain('| station 117 | 819 docks | zone 0 |');
    expect(result.compressedTokens).toBe(countTokens(result.compressed));
  });
});

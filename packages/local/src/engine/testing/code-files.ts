/**
 * A fenced TypeScript file of `count` small functions named `<prefix>Step<n>`, for
 * tests and benchmarks of code larger than the budget.
 */
export function typescriptFile(prefix: string, count: number): string {
  const functions = Array.from({ length: count }, (_, index) =>
    [
      `export function ${prefix}Step${index}(input: number[], limit = ${index + 3}): number {`,
      `  let total = ${index};`,
      '  for (const value of input) {',
      `    if (value > limit) total += value * ${index + 1};`,
      '    else total -= limit;',
      '  }',
      '  return total;',
      '}',
    ].join('\n'),
  );
  return `\`\`\`ts\n${functions.join('\n\n')}\n\`\`\``;
}

/** A table a suite returns and the runner prints: a title, column names, rows of cells. */
export interface BenchTable {
  title: string;
  columns: string[];
  rows: Array<Array<string | number>>;
  /** Lines printed under the table: the baseline, the machine, caveats. */
  notes?: string[];
}

/** A number for a table cell: integers as they are, others with `digits` decimals (default 2). */
export function formatNumber(value: number, digits = 2): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/** Milliseconds as whole microseconds, for a `µs` column. */
export function microseconds(ms: number): number {
  return Math.round(ms * 1000);
}

/** A ratio to a baseline for a table cell: `1.234x`. */
export function formatRatio(value: number): string {
  return `${value.toFixed(3)}x`;
}

/**
 * Renders a table as Markdown with padded columns, so the same text reads well in a
 * terminal and pastes into a README. The first column is left-aligned, the others
 * (the figures) right-aligned.
 */
export function formatTable(table: BenchTable): string {
  const width = table.columns.length;
  table.rows.forEach((row, index) => {
    if (row.length !== width) {
      throw new RangeError(
        `formatTable "${table.title}": row ${index} has ${row.length} cells, expected ${width}`,
      );
    }
  });
  const cells = table.rows.map((row) =>
    row.map((cell) => (typeof cell === 'number' ? formatNumber(cell) : cell)),
  );
  const widths = table.columns.map((name, column) =>
    Math.max(3, name.length, ...cells.map((row) => row[column]!.length)),
  );
  const pad = (text: string, column: number) =>
    column === 0 ? text.padEnd(widths[column]!) : text.padStart(widths[column]!);
  const line = (row: string[]) => `| ${row.map(pad).join(' | ')} |`;
  const rule = `|${widths.map((size, column) => (column === 0 ? ` ${'-'.repeat(size)} ` : ` ${'-'.repeat(size - 1)}: `)).join('|')}|`;
  const notes = (table.notes ?? []).map((note) => `  ${note}`);
  return [`## ${table.title}`, '', line(table.columns), rule, ...cells.map(line), '', ...notes]
    .join('\n')
    .trimEnd();
}

/** Prints tables to stdout, one blank line apart. */
export function printTables(tables: readonly BenchTable[]): void {
  for (const table of tables) console.log(`\n${formatTable(table)}\n`);
}

import type { CorpusDocument } from '@ctxopt-examples/corpus';

/** One station as the handbook's zone tables list it; the fields are the tables' columns. */
export interface StationRecord {
  code: string;
  /** Column name (lower case) → cell text, e.g. `{ name: 'Lighthouse Point', docks: '17' }`. */
  fields: Record<string, string>;
  /** The title of the document whose table lists the station. */
  source: string;
}

const stationCode = /^[A-Z]{2}-(?:\d{2}|V\d)$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * Builds the station directory from the markdown tables whose first column is `Code`
 * (the zone documents), so the tool answers from the same facts as the retrieval.
 */
export function buildStationDirectory(documents: CorpusDocument[]): Map<string, StationRecord> {
  const directory = new Map<string, StationRecord>();
  for (const document of documents) {
    let header: string[] | undefined;
    for (const line of document.text.split('\n')) {
      if (!line.trimStart().startsWith('|')) {
        header = undefined;
        continue;
      }
      const row = cells(line);
      if (row.every((cell) => /^:?-+:?$/.test(cell))) continue;
      if (!header) {
        header = row.map((cell) => cell.toLowerCase());
        continue;
      }
      const [code] = row;
      if (header[0] !== 'code' || !code || !stationCode.test(code) || directory.has(code)) continue;
      const fields: Record<string, string> = {};
      header.slice(1).forEach((column, index) => {
        const value = row[index + 1];
        if (value) fields[column] = value;
      });
      directory.set(code, { code, fields, source: document.title });
    }
  }
  return directory;
}

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** One multi-document question of the development set (see its README). */
export interface Example {
  id: string;
  question: string;
  answers: string[];
  goldIndex: number;
  documents: Array<{ title: string; text: string }>;
}

export const DATA_URL = new URL(
  '../../../shared/bench-data/nq-multidoc-dev.jsonl.gz',
  import.meta.url,
);

export function loadExamples(limit = Number.POSITIVE_INFINITY): Example[] {
  const lines = gunzipSync(readFileSync(DATA_URL)).toString('utf8').split('\n');
  const examples: Example[] = [];
  for (const line of lines) {
    if (examples.length >= limit) break;
    if (line.trim().length > 0) examples.push(JSON.parse(line) as Example);
  }
  return examples;
}

/** The line of one passage, as in the usual multi-document prompt. */
export function documentLine(document: { title: string; text: string }, index: number): string {
  return `Document [${index + 1}] (Title: ${document.title}) ${document.text}`;
}

/** The context the compressors see: the 20 passages, one line each. */
export function contextOf(example: Example): string {
  return example.documents.map(documentLine).join('\n');
}

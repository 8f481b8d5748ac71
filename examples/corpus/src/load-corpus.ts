import { readdir, readFile } from 'node:fs/promises';

/** One handbook document as shipped in `documents/`. */
export interface CorpusDocument {
  /** The file name without `.md`, e.g. `16-brake-inspection`. */
  id: string;
  /** The text of the document's first `# ` heading. */
  title: string;
  /** The whole markdown text, heading included. */
  text: string;
}

const documentsDirectory = new URL('../documents/', import.meta.url);

function titleOf(id: string, text: string): string {
  const heading = /^# (.+)$/m.exec(text);
  if (!heading?.[1]) throw new Error(`Corpus document "${id}" has no "# " title heading.`);
  return heading[1].trim();
}

/**
 * Reads the handbook: 35 markdown documents of 450-650 words each, in file-name order, so
 * every run indexes the same documents in the same order.
 */
export async function loadCorpus(): Promise<CorpusDocument[]> {
  const names = (await readdir(documentsDirectory)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(
    names.map(async (name) => {
      const id = name.slice(0, -'.md'.length);
      const text = await readFile(new URL(name, documentsDirectory), 'utf8');
      return { id, title: titleOf(id, text), text };
    }),
  );
}

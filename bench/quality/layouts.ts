/**
 * The same passages joined the ways users' code joins them, so `bench:quality` can show
 * that the engine finds passages, titles and headings in any common layout. Each
 * layout gives the context and what separates its whole passages (for the baselines).
 */
export interface Passage {
  title: string;
  text: string;
}

export interface Layout {
  name: string;
  render(passages: readonly Passage[]): { context: string; unitSeparator: string };
}

const joined =
  (separator: string, line: (passage: Passage, index: number) => string): Layout['render'] =>
  (passages) => ({ context: passages.map(line).join(separator), unitSeparator: separator });

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const LAYOUTS: readonly Layout[] = [
  {
    name: 'Document [i] (Title: t) text',
    render: joined(
      '\n',
      (passage, index) => `Document [${index + 1}] (Title: ${passage.title}) ${passage.text}`,
    ),
  },
  {
    name: '## t, blank line, text',
    // Split at the next heading, so the baselines keep a title with its text.
    render: (passages) => ({
      context: passages.map((passage) => `## ${passage.title}\n\n${passage.text}`).join('\n\n'),
      unitSeparator: '\n\n## ',
    }),
  },
  {
    name: 'title line, text',
    render: joined('\n\n', (passage) => `${passage.title}\n${passage.text}`),
  },
  // LangChain's formatDocumentsAsString: page contents joined by blank lines.
  { name: 'passages only, blank lines', render: joined('\n\n', (passage) => passage.text) },
  {
    name: '<doc title="t">text</doc>',
    render: joined(
      '\n',
      (passage) => `<doc title="${attribute(passage.title)}">${passage.text}</doc>`,
    ),
  },
  {
    name: '[i] t: text',
    render: joined('\n', (passage, index) => `[${index + 1}] ${passage.title}: ${passage.text}`),
  },
  {
    name: 'JSON array',
    render: (passages) => ({
      context: `[\n${passages.map((passage) => JSON.stringify(passage)).join(',\n')}\n]`,
      unitSeparator: '\n',
    }),
  },
];

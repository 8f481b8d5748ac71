import type { ContextMessage } from '@ctxopt/core';
import { isSpecialLine } from './block-cuts.ts';
import type { Label } from './role-label.ts';

/**
 * The text the engine reads and counts. A string is taken as it is. A message array
 * is rendered one message after another, joined by a line break, each opened by its
 * role label: `role: content`, or `role:` and the content on the next line when the
 * content opens with a block (a code fence, a heading, a list or a table). Token
 * counts of a message array are counts of this rendering.
 */
export interface RenderedContext {
  text: string;
  /** The role labels, one per message; empty for a string. */
  labels: Label[];
}

export function renderContext(context: string | readonly ContextMessage[]): RenderedContext {
  if (typeof context === 'string') return { text: context, labels: [] };
  const parts: string[] = [];
  const labels: Label[] = [];
  let offset = 0;
  context.forEach((message, index) => {
    if (index > 0) {
      parts.push('\n');
      offset += 1;
    }
    const label = `${message.role}:`;
    const content = message.content;
    let separator = ' ';
    if (/^[ \t]*\r?\n/.test(content)) separator = '';
    else if (isSpecialLine(content, 0)) separator = '\n';
    labels.push({ start: offset, end: offset + label.length, message: index });
    parts.push(label, separator, content);
    offset += label.length + separator.length + content.length;
  });
  return { text: parts.join(''), labels };
}

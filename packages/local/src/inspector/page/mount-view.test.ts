import { describe, expect, it } from 'vitest';
import { detailView } from './detail-view.ts';
import { showView, toDom } from './mount-view.ts';
import { detail } from './testing/operation-fixtures.ts';
import {
  markupOf,
  type RecordedElement,
  type RecordedNode,
  RecordingDocument,
} from './testing/recording-document.ts';
import { h, svg, type ViewElement } from './view-node.ts';

const document = new RecordingDocument();
const mount = (node: ViewElement) =>
  toDom(node, document as unknown as Document) as unknown as RecordedElement;

function texts(node: RecordedNode): string[] {
  return node.kind === 'text' ? [node.data] : node.childNodes.flatMap(texts);
}

describe('mounting a view', () => {
  it('creates HTML and SVG elements with their class, attributes, data and text', () => {
    const clicks: string[] = [];
    const row = mount(
      h(
        'tr',
        {
          className: 'selected',
          dataset: { requestId: 'req_1' },
          onClick: () => clicks.push('row'),
        },
        h('td', { className: 'mono' }, '12:00:00'),
        h('td', {}, svg('circle', { cx: '1.0', r: 3 })),
      ),
    );
    expect(markupOf(row)).toBe(
      '<tr class="selected" data-request-id="req_1"><td class="mono">12:00:00</td><td><circle cx="1.0" r="3"></circle></td></tr>',
    );
    const circle = (row.childNodes[1] as RecordedElement).childNodes[0] as RecordedElement;
    expect(circle.namespace).toBe('http://www.w3.org/2000/svg');
    expect((row.childNodes[0] as RecordedElement).namespace).toBeNull();
    row.listeners[0]![1]();
    expect(row.listeners.map(([type]) => type)).toEqual(['click']);
    expect(clicks).toEqual(['row']);
  });

  it('adds no node for an empty text, as textContent would not', () => {
    expect(mount(h('td', {}, '')).childNodes).toEqual([]);
  });

  it('keeps markup in user text as text: an operation full of tags creates no element of its own', () => {
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>&amp;';
    const box = document.createElement('section');
    showView(
      box as unknown as Element,
      detailView(
        detail({
          requestId: hostile,
          query: hostile,
          segments: [{ text: hostile, kept: true }],
          compressed: { text: hostile, source: 'response' },
          answer: hostile,
        }),
        100,
      ),
    );
    const markup = box.childNodes.map(markupOf).join('');
    expect(markup).not.toMatch(/<img|<script/);
    expect(markup).toContain('&lt;img src=x onerror="alert(1)"&gt;&lt;script&gt;');
    expect(texts(box).filter((text) => text === hostile)).toHaveLength(5);
  });

  it('refuses an event handler or a URL attribute, whatever the tree holds', () => {
    for (const name of ['onload', 'ONCLICK', 'href', 'src', 'srcdoc', 'style']) {
      expect(() => mount(svg('a', { [name]: 'alert(1)' }))).toThrow(`The page never sets ${name}.`);
    }
  });
});

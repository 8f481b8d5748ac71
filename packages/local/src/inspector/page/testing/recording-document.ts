/**
 * The few DOM calls `mountView` may make, recorded: enough to check which nodes it
 * creates and how, without a browser. Any other call (`innerHTML` included) is missing.
 */
export interface RecordedText {
  kind: 'text';
  data: string;
}

export interface RecordedElement {
  kind: 'element';
  namespace: string | null;
  tag: string;
  attributes: [string, string][];
  dataset: Record<string, string>;
  listeners: [string, () => void][];
  childNodes: RecordedNode[];
  ownerDocument: RecordingDocument;
  setAttribute(name: string, value: string): void;
  addEventListener(type: string, listener: () => void): void;
  appendChild(child: RecordedNode): RecordedNode;
  replaceChildren(...children: RecordedNode[]): void;
}

export type RecordedNode = RecordedText | RecordedElement;

export class RecordingDocument {
  createTextNode(data: string): RecordedText {
    return { kind: 'text', data };
  }

  createElement(tag: string): RecordedElement {
    return this.#element(null, tag);
  }

  createElementNS(namespace: string, tag: string): RecordedElement {
    return this.#element(namespace, tag);
  }

  #element(namespace: string | null, tag: string): RecordedElement {
    const element: RecordedElement = {
      kind: 'element',
      namespace,
      tag,
      attributes: [],
      dataset: {},
      listeners: [],
      childNodes: [],
      ownerDocument: this,
      setAttribute(name, value) {
        element.attributes.push([name, value]);
      },
      addEventListener(type, listener) {
        element.listeners.push([type, listener]);
      },
      appendChild(child) {
        element.childNodes.push(child);
        return child;
      },
      replaceChildren(...children) {
        element.childNodes = children;
      },
    };
    return element;
  }
}

/** The tree as markup, text escaped: what a browser would hold after these calls. */
export function markupOf(node: RecordedNode): string {
  if (node.kind === 'text') {
    return node.data.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  }
  const attributes = [
    ...node.attributes,
    ...Object.entries(node.dataset).map(([name, value]): [string, string] => [
      `data-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
      value,
    ]),
  ]
    .map(
      ([name, value]) => ` ${name}="${value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"`,
    )
    .join('');
  return `<${node.tag}${attributes}>${node.childNodes.map(markupOf).join('')}</${node.tag}>`;
}

import type { ViewNode } from './view-node.ts';

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** Markup sinks and script attributes: the page never sets one, whatever a tree holds. */
const forbiddenAttribute = /^(on|href$|src$|srcdoc$|style$)/i;

/**
 * The one place the page creates DOM nodes: text goes through `createTextNode`, attributes
 * through `setAttribute`; nothing is parsed as HTML.
 */
export function toDom(node: ViewNode, document: Document): Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const element = node.svg
    ? document.createElementNS(SVG_NAMESPACE, node.tag)
    : document.createElement(node.tag);
  if (node.className) element.setAttribute('class', node.className);
  for (const [name, value] of Object.entries(node.attributes)) {
    if (forbiddenAttribute.test(name)) throw new Error(`The page never sets ${name}.`);
    element.setAttribute(name, value);
  }
  for (const [name, value] of Object.entries(node.dataset)) {
    (element as HTMLElement | SVGElement).dataset[name] = value;
  }
  if (node.onClick) element.addEventListener('click', node.onClick);
  for (const child of node.children) {
    // An empty text adds no node, as `textContent = ''` would not.
    if (child !== '') element.appendChild(toDom(child, document));
  }
  return element;
}

/** Replaces what `parent` shows with `nodes`. */
export function showView(parent: Element, nodes: readonly ViewNode[]): void {
  const document = parent.ownerDocument;
  parent.replaceChildren(...nodes.map((node) => toDom(node, document)));
}

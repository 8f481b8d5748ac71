import type { ViewElement, ViewNode } from '../view-node.ts';

type Tree = ViewNode | readonly ViewNode[];

/** The text a tree shows, as `textContent` would read it. */
export function textOf(tree: Tree): string {
  if (typeof tree === 'string') return tree;
  if (Array.isArray(tree)) return tree.map((child) => textOf(child)).join('');
  return textOf((tree as ViewElement).children);
}

/** Every element of the tree, roots included, in document order. */
export function elementsOf(tree: Tree): ViewElement[] {
  if (typeof tree === 'string') return [];
  if (Array.isArray(tree)) return tree.flatMap((child) => elementsOf(child));
  const element = tree as ViewElement;
  return [element, ...elementsOf(element.children)];
}

/** The elements whose class list holds every class of `classes` (`'segment kept'`). */
export function withClass(tree: Tree, classes: string): ViewElement[] {
  const wanted = classes.split(' ');
  return elementsOf(tree).filter((element) => {
    const own = element.className.split(' ');
    return wanted.every((name) => own.includes(name));
  });
}

/** The one element with `classes`; throws when there is none, or more than one. */
export function oneWithClass(tree: Tree, classes: string): ViewElement {
  const found = withClass(tree, classes);
  if (found.length !== 1) throw new Error(`${found.length} elements with class "${classes}"`);
  return found[0]!;
}

/**
 * What the page draws, as plain data: the render functions return these trees and only
 * `mountView` turns them into DOM nodes. A string is always a text node, so text from a
 * request (a context, a query, an answer) can never become markup.
 */
export type ViewNode = ViewElement | string;

/** A child as written in a render function: `false`, `null` and `undefined` draw nothing. */
export type ViewChild = ViewNode | false | null | undefined;

export interface ViewElement {
  readonly tag: string;
  /** True for an element of the SVG namespace. */
  readonly svg: boolean;
  readonly className: string;
  /** Set with `setAttribute` in this order; names come from the page's code, never from data. */
  readonly attributes: Readonly<Record<string, string>>;
  /** `data-*` attributes, by their `dataset` name. */
  readonly dataset: Readonly<Record<string, string>>;
  readonly children: readonly ViewNode[];
  readonly onClick?: () => void;
}

export interface ViewProps {
  className?: string;
  /** The `title` attribute: a tooltip, set as text. */
  title?: string;
  dataset?: Record<string, string>;
  onClick?: () => void;
}

/** The children that draw something. */
export function present(children: readonly ViewChild[]): ViewNode[] {
  return children.filter(
    (child): child is ViewNode => child !== false && child !== null && child !== undefined,
  );
}

/** An HTML element: `h('td', { className: 'mono' }, text)`. */
export function h(tag: string, props: ViewProps = {}, ...children: ViewChild[]): ViewElement {
  return {
    tag,
    svg: false,
    className: props.className ?? '',
    attributes: props.title === undefined ? {} : { title: props.title },
    dataset: props.dataset ?? {},
    children: present(children),
    ...(props.onClick ? { onClick: props.onClick } : {}),
  };
}

/** An SVG element; numbers become attribute text as `String` writes them. */
export function svg(
  tag: string,
  attributes: Record<string, string | number>,
  ...children: ViewChild[]
): ViewElement {
  return {
    tag,
    svg: true,
    className: '',
    attributes: Object.fromEntries(
      Object.entries(attributes).map(([name, value]) => [name, String(value)]),
    ),
    dataset: {},
    children: present(children),
  };
}

/// <reference lib="dom" />
/**
 * The only way the page makes elements. Children given as strings become text nodes, never
 * markup: every label and path comes from the repository and may be hostile. There is no
 * innerHTML anywhere in the page, so this is the one place to audit.
 */
export type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { class?: string; title?: string; onClick?: (ev: MouseEvent) => void } = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.class) node.className = props.class;
  if (props.title) node.title = props.title;
  if (props.onClick) (node as HTMLElement).addEventListener('click', props.onClick);
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`proofmap view: missing #${id}`);
  return found as T;
}

// A tiny helper to build DOM elements: h('div', { class: 'x' }, 'text', child).
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replaces the content of `el`. */
export function mount(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren(
    ...children
      .flat()
      .filter((c): c is Node | string => c !== null && c !== undefined && c !== false)
      .map((c) => (c instanceof Node ? c : String(c))),
  );
}

/** Shows a message that fades after a few seconds. */
export function toast(message: string, kind: 'error' | 'info' = 'error'): void {
  const el = h('div', { class: `toast ${kind}`, role: 'alert' }, message);
  document.body.append(el);
  setTimeout(() => el.remove(), 5_000);
}

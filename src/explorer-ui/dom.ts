/** Building elements without HTML strings: text always goes in as text. */
type Child = Node | string | number | null | undefined | false;
type Attr = string | number | boolean | null | undefined | ((event: Event) => void);

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, Attr> = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (value === true) el.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) el.setAttribute(name, String(value));
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'number' ? String(child) : child);
  }
}

/** A section of a view: a heading and a body that fills in when its query answers. */
export function section(id: string, title: string): { root: HTMLElement; body: HTMLElement } {
  const body = h('div', { class: 'section-body' }, h('p', { class: 'loading' }, 'Loading…'));
  const root = h('section', { id, 'aria-labelledby': `${id}-title`, 'data-state': 'loading' }, h('h2', { id: `${id}-title` }, title), body);
  return { root, body };
}

/** Replaces a section's body and says how it ended (ready, plan, empty or error) for assistive tech and tests. */
export function fill(part: { root: HTMLElement; body: HTMLElement }, state: 'ready' | 'plan' | 'empty' | 'error', ...children: (Child | Child[])[]): void {
  part.body.replaceChildren();
  append(part.body, children);
  part.root.dataset.state = state;
}

/** What a plan_required answer shows: which plan opens the part. */
export function planNote(plan: string, what: string): HTMLElement {
  return h('p', { class: 'plan-note', 'data-plan': plan }, `${what}: the ${plan} plan or above opens this; this key's plan does not. `, h('a', { href: '/docs/guides/plans' }, 'Plans'));
}

export function errorNote(message: string): HTMLElement {
  return h('p', { class: 'error-note', role: 'alert' }, message);
}

/** Replaces what `el` holds; nulls and nested lists are allowed among the children. */
export function show(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  append(el, children);
}

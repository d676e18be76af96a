// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export type Child = Node | string | number | null | undefined
type Listener = (event: Event) => void
export type Props = Readonly<
  Record<string, string | number | boolean | null | undefined | Listener>
>

export interface Dom {
  /** The page's element with this id; a missing one is a bug in the page. */
  byId<T extends HTMLElement = HTMLElement>(id: string): T
  /** An element with attributes (`class`, `on<event>` listeners) and children as text nodes. */
  h<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Props | null,
    ...children: (Child | readonly Child[])[]
  ): HTMLElementTagNameMap[K]
  /** Replaces the children of `parent` in one step. */
  fill(parent: Element, nodes: readonly Node[]): void
  /** A value as a cell shows it: a muted dash for nothing. */
  show(value: unknown): Node | string
  /** The message line under the header. */
  say(text: string, isError: boolean): void
  /** Runs `handler` on the form's submit instead of the browser's navigation. */
  onSubmit(id: string, handler: () => void): void
}

/**
 * The dashboard's DOM helper. Every node is built with createElement and text nodes: data
 * never passes through an HTML parser.
 */
export function createDom(): Dom {
  function byId<T extends HTMLElement = HTMLElement>(id: string): T {
    const node = document.getElementById(id)
    if (node === null) throw new Error('Failed to find #' + id + ' on the dashboard')
    return node as T
  }

  function h<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: Props | null,
    ...children: (Child | readonly Child[])[]
  ): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag)
    for (const [key, value] of Object.entries(props ?? {})) {
      if (value === undefined || value === null || value === false) continue
      if (typeof value === 'function') node.addEventListener(key.slice(2), value)
      else if (key === 'class') node.className = String(value)
      else node.setAttribute(key, String(value))
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue
      node.append(child instanceof Node ? child : String(child))
    }
    return node
  }

  function fill(parent: Element, nodes: readonly Node[]): void {
    const fragment = document.createDocumentFragment()
    for (const node of nodes) fragment.appendChild(node)
    parent.replaceChildren(fragment)
  }

  function show(value: unknown): Node | string {
    if (value === null || value === undefined || value === '') {
      return h('span', { class: 'muted' }, '—')
    }
    return String(value)
  }

  function say(text: string, isError: boolean): void {
    const message = byId('message')
    message.textContent = text
    message.className = isError ? 'error' : 'ok'
  }

  function onSubmit(id: string, handler: () => void): void {
    byId(id).addEventListener('submit', (event) => {
      event.preventDefault()
      handler()
    })
  }

  return { byId, h, fill, show, say, onSubmit }
}

// What the stories share. The HTML renderer wants a synchronous render, so a story returns its
// root at once and fills it when the mock (the service worker) has answered.

/** One answer of the mock: its status line and its JSON body. */
export interface JsonAnswer<T> {
  readonly status: number
  readonly statusText: string
  readonly body: T
}

/** A ServiceStack error body, as every error of the mock is. */
export interface ErrorJson {
  ResponseStatus?: { ErrorCode?: string; Message?: string }
}

/** A label, the test id of its value, and the value. */
export type Field = readonly [label: string, testId: string, value: unknown]

/**
 * Fetches a path as JSON (sending JSON when there is a body).
 * @example const state = await fetchJson<{ Comments: unknown[] }>('/__mock/state')
 */
export async function fetchJson<T>(path: string, init: RequestInit = {}): Promise<JsonAnswer<T>> {
  const headers = new Headers(init.headers)
  headers.set('Accept', 'application/json')
  if (init.body !== undefined) headers.set('Content-Type', 'application/json')
  const response = await fetch(path, { ...init, headers })
  const body = (await response.json()) as T
  return { status: response.status, statusText: response.statusText, body }
}

/**
 * A story's root: `load` fills it, then `data-ready="true"` says the data is there. A failure
 * is shown with `data-failed="true"`, never swallowed. `data-story` names the story that rendered
 * it, so a test switching stories can tell this root from the one of the story before.
 * @example render: (args, { id }) => storyRoot('comment', id, async (root) => root.append(...))
 */
export function storyRoot(
  testId: string,
  storyId: string,
  load: (root: HTMLElement) => Promise<void>,
): HTMLElement {
  const root = document.createElement('article')
  root.className = 'story'
  root.dataset.testid = testId
  root.dataset.story = storyId
  root.textContent = 'Loading…'
  load(root).then(
    () => {
      root.dataset.ready = 'true'
    },
    (error: unknown) => {
      root.dataset.failed = 'true'
      const reason = error instanceof Error ? error.message : String(error)
      root.replaceChildren(textElement('p', `Failed to load the story: ${reason}`, 'failure'))
    },
  )
  return root
}

/** The status line of an answer: `HTTP 200`, `HTTP 503 ServiceUnavailable`. */
export function statusLine(answer: JsonAnswer<unknown>): HTMLElement {
  return textElement('p', `HTTP ${answer.status} ${answer.statusText}`.trim(), 'status')
}

/** A definition list: one `dt`/`dd` pair per field, the `dd` carrying the field's test id. */
export function fieldList(fields: readonly Field[]): HTMLDListElement {
  const list = document.createElement('dl')
  for (const [label, testId, value] of fields) {
    const term = textElement('dt', label)
    const detail = textElement('dd', value === undefined || value === null ? '' : String(value))
    detail.dataset.testid = testId
    list.append(term, detail)
  }
  return list
}

/** The `ResponseStatus` of an error answer, as fields. */
export function errorFields(answer: JsonAnswer<ErrorJson>): Field[] {
  return [
    ['Error code', 'error-code', answer.body.ResponseStatus?.ErrorCode],
    ['Message', 'error-message', answer.body.ResponseStatus?.Message],
  ]
}

/** An element holding text (set as text, never parsed as markup). */
export function textElement(tag: string, text: string, className?: string): HTMLElement {
  const element = document.createElement(tag)
  element.textContent = text
  if (className) element.className = className
  return element
}

/** `/Date(1715198841316)/` as `2024-05-08 20:07:21 UTC`; anything else as it came. */
export function formatWcfDate(value: string | undefined): string {
  const ms = /^\/Date\((-?\d+)/.exec(value ?? '')?.[1]
  if (ms === undefined) return value ?? ''
  return `${new Date(Number(ms)).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

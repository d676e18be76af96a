import type { JournalEntry } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines each function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The journal's cells and filter, handed to createJournalView as parts of the page. */
export interface JournalParts {
  readonly journalRow: typeof journalRow
  readonly journalDetail: typeof journalDetail
  readonly journalFilter: typeof journalFilter
  readonly journalFiltering: typeof journalFiltering
  readonly syncJournalSessions: typeof syncJournalSessions
}

/** One entry as the journal draws it: its parsed URL, and whether its detail is open. */
export interface JournalLine {
  readonly entry: JournalEntry
  readonly url: URL
  readonly open: boolean
  /** The table's column count, which the detail row spans. */
  readonly columns: number
  readonly toggle: (id: number) => void
}

/** A journal row: time, session, source, method, path, format, status, timings, warnings. */
export function journalRow(dom: Dom, line: JournalLine): HTMLElement {
  const { h, show } = dom
  const { entry, url, open, toggle } = line
  return h(
    'tr',
    {
      class: 'entry s' + String(entry.status).charAt(0),
      'data-testid': 'journal-row',
      'aria-expanded': String(open),
      onclick: () => toggle(entry.id),
    },
    h('td', { class: 'mono' }, entry.time.slice(11, 23)),
    h('td', { class: 'mono' }, show(entry.session)),
    h('td', { class: 'source ' + entry.source }, entry.source),
    h('td', null, entry.method),
    h('td', { class: 'mono path', title: entry.url }, url.pathname + url.search),
    h('td', null, show(entry.format)),
    h('td', { class: 'status' }, entry.status + ' ' + entry.statusText),
    h('td', { class: 'num' }, entry.durationMs.toFixed(1)),
    h('td', { class: 'num' }, entry.delayMs ? entry.delayMs : show(null)),
    h('td', null, show(entry.fault)),
    h('td', null, entry.warnings.length ? entry.warnings.join('; ') : show(null)),
  )
}

/** An opened row's detail: its query, headers and bodies. */
export function journalDetail(dom: Dom, line: JournalLine): HTMLElement {
  const { h } = dom
  const { entry, url } = line
  function body(title: string, text: string | null): HTMLElement {
    return h('div', null, h('h4', null, title), h('pre', null, text === null ? '(none)' : text))
  }
  function pairs(title: string, list: readonly (readonly [string, string])[]): HTMLElement {
    return h(
      'div',
      { 'data-testid': title.toLowerCase().replaceAll(' ', '-') },
      h('h4', null, title),
      list.length === 0
        ? h('p', { class: 'muted' }, '(none)')
        : h(
            'dl',
            null,
            list.flatMap(([name, value]) => [h('dt', null, name), h('dd', null, value)]),
          ),
    )
  }
  return h(
    'tr',
    { class: 'detail', 'data-testid': 'journal-detail' },
    h(
      'td',
      { colspan: line.columns },
      h(
        'div',
        { class: 'bodies pairs' },
        pairs('Query', Array.from(url.searchParams.entries())),
        pairs('Request headers', entry.requestHeaders),
        pairs('Response headers', entry.responseHeaders),
      ),
      h(
        'div',
        { class: 'bodies' },
        body('Request body', entry.requestBody),
        body('Response body', entry.responseBody),
      ),
    ),
  )
}

/** What the filter's fields let through: status class, path text, session, warnings. */
export function journalFilter(dom: Dom): (entry: JournalEntry) => boolean {
  const { byId } = dom
  const status = byId<HTMLSelectElement>('filter-status').value
  const path = byId<HTMLInputElement>('filter-path').value.trim().toLowerCase()
  const session = byId<HTMLSelectElement>('filter-session').value
  const warned = byId<HTMLInputElement>('filter-warnings').checked
  return (entry) =>
    (status === '' || String(entry.status).charAt(0) === status) &&
    (path === '' || entry.url.toLowerCase().includes(path)) &&
    (session === '' ||
      (session === '(shared)' ? entry.session === null : entry.session === session)) &&
    (!warned || entry.warnings.length > 0)
}

/** Whether a filter is set: the page then asks for more entries to filter. */
export function journalFiltering(dom: Dom): boolean {
  const { byId } = dom
  return (
    byId<HTMLSelectElement>('filter-status').value !== '' ||
    byId<HTMLInputElement>('filter-path').value.trim() !== '' ||
    byId<HTMLSelectElement>('filter-session').value !== '' ||
    byId<HTMLInputElement>('filter-warnings').checked
  )
}

/**
 * The sessions the journal holds, as the session filter's choices (the one chosen is kept);
 * '(shared)' stands for the shared state: no session id has parentheses.
 */
export function syncJournalSessions(dom: Dom, entries: readonly JournalEntry[]): void {
  const { byId, h, fill } = dom
  const select = byId<HTMLSelectElement>('filter-session')
  const chosen = select.value
  const ids = Array.from(new Set(entries.map((entry) => entry.session ?? '(shared)')))
  if (chosen !== '' && !ids.includes(chosen)) ids.push(chosen)
  const wanted = ['', ...ids.sort()]
  if (Array.from(select.options, (option) => option.value).join('\n') === wanted.join('\n')) return
  fill(
    select,
    wanted.map((id) =>
      h(
        'option',
        { value: id },
        id === '' ? 'any session' : id === '(shared)' ? 'the shared state' : id,
      ),
    ),
  )
  select.value = chosen
}

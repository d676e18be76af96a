import type { JournalDocument } from '../control-documents.ts'
import type { JournalEntry } from '../journal/journal-entry.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface JournalView {
  /** Draws the journal, or the last one drawn again (after the base path is known). */
  render(journal?: JournalDocument): void
  /** The base path the empty journal's hint names. */
  setBasePath(basePath: string): void
  /** Closes every opened row (the journal was cleared). */
  collapse(): void
  /** Whether a filter is set: the page then asks for more entries to filter. */
  filtering(): boolean
}

/**
 * The journal table: newest first, filtered by status, path, session and warnings; a click on
 * a row shows its query, headers and bodies.
 */
export function createJournalView(dom: Dom): JournalView {
  const { byId, h, fill, show } = dom
  const expanded = new Set<number>()
  const columnCount = 11
  let last: JournalDocument = { capacity: 0, entries: [] }
  let basePath = ''

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

  function detail(entry: JournalEntry, url: URL): HTMLElement {
    return h(
      'tr',
      { class: 'detail', 'data-testid': 'journal-detail' },
      h(
        'td',
        { colspan: columnCount },
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

  function row(entry: JournalEntry, url: URL, open: boolean): HTMLElement {
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

  /** What the filter's fields let through: status class, path text, session, warnings. */
  function filter(): (entry: JournalEntry) => boolean {
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

  // The sessions the journal holds, as the session filter's choices (the one chosen is kept);
  // '(shared)' stands for the shared state: no session id has parentheses.
  function syncSessions(entries: readonly JournalEntry[]): void {
    const select = byId<HTMLSelectElement>('filter-session')
    const chosen = select.value
    const ids = Array.from(new Set(entries.map((entry) => entry.session ?? '(shared)')))
    if (chosen !== '' && !ids.includes(chosen)) ids.push(chosen)
    const wanted = ['', ...ids.sort()]
    if (Array.from(select.options, (option) => option.value).join('\n') === wanted.join('\n'))
      return
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

  function render(journal: JournalDocument = last): void {
    last = journal
    syncSessions(journal.entries)
    const entries = journal.entries.filter(filter()).reverse()
    const hidden = journal.entries.length - entries.length
    byId('journal-note').textContent =
      '(newest ' +
      journal.entries.length +
      ' of the last ' +
      journal.capacity +
      ' kept' +
      (hidden ? ', ' + hidden + ' hidden by the filter' : '') +
      '; click a row for its query, headers and bodies)'
    const rows: HTMLElement[] = []
    for (const entry of entries) {
      const url = new URL(entry.url, location.href)
      const open = expanded.has(entry.id)
      rows.push(row(entry, url, open))
      if (open) rows.push(detail(entry, url))
    }
    if (rows.length === 0) {
      const where = basePath || 'the base path'
      const text = hidden
        ? 'No request matches the filter.'
        : 'No requests yet: calls under ' + where + ' show up here.'
      rows.push(h('tr', null, h('td', { colspan: columnCount, class: 'muted' }, text)))
    }
    fill(byId('journal'), rows)
  }

  function toggle(id: number): void {
    if (expanded.has(id)) expanded.delete(id)
    else expanded.add(id)
    render()
  }

  function setBasePath(path: string): void {
    basePath = path
    render()
  }

  const form = byId('journal-filter')
  form.addEventListener('input', () => render())
  form.addEventListener('change', () => render())
  form.addEventListener('submit', (event) => event.preventDefault())

  function filtering(): boolean {
    return (
      byId<HTMLSelectElement>('filter-status').value !== '' ||
      byId<HTMLInputElement>('filter-path').value.trim() !== '' ||
      byId<HTMLSelectElement>('filter-session').value !== '' ||
      byId<HTMLInputElement>('filter-warnings').checked
    )
  }

  return { render, setBasePath, collapse: () => expanded.clear(), filtering }
}

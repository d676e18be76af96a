import type { JournalDocument } from '../control-documents.ts'
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
}

/** The journal table: newest first, a click on a row shows its request and response bodies. */
export function createJournalView(dom: Dom): JournalView {
  const { byId, h, fill, show } = dom
  const expanded = new Set<number>()
  const columnCount = 11
  let last: JournalDocument = { capacity: 0, entries: [] }
  let basePath = ''

  function body(title: string, text: string | null): HTMLElement {
    return h('div', null, h('h4', null, title), h('pre', null, text === null ? '(none)' : text))
  }

  function render(journal: JournalDocument = last): void {
    last = journal
    const entries = journal.entries.slice().reverse()
    byId('journal-note').textContent =
      '(newest ' +
      entries.length +
      ' of the last ' +
      journal.capacity +
      ' kept; click a row for its bodies)'
    const rows: HTMLElement[] = []
    for (const entry of entries) {
      const url = new URL(entry.url, location.href)
      const open = expanded.has(entry.id)
      rows.push(
        h(
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
        ),
      )
      if (open) {
        rows.push(
          h(
            'tr',
            { class: 'detail' },
            h(
              'td',
              { colspan: columnCount },
              h(
                'div',
                { class: 'bodies' },
                body('Request body', entry.requestBody),
                body('Response body', entry.responseBody),
              ),
            ),
          ),
        )
      }
    }
    if (rows.length === 0) {
      const where = basePath || 'the base path'
      rows.push(
        h(
          'tr',
          null,
          h(
            'td',
            { colspan: columnCount, class: 'muted' },
            'No requests yet: calls under ' + where + ' show up here.',
          ),
        ),
      )
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

  return { render, setBasePath, collapse: () => expanded.clear() }
}

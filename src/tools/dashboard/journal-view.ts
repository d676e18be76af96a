import type { JournalDocument } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'
import type { JournalParts } from './journal-rows.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module; its
// cells and filter (journal-rows.ts) come in as `parts`.

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
export function createJournalView(dom: Dom, parts: JournalParts): JournalView {
  const { byId, h, fill } = dom
  const expanded = new Set<number>()
  const columns = 11
  let last: JournalDocument = { capacity: 0, entries: [] }
  let basePath = ''

  function render(journal: JournalDocument = last): void {
    last = journal
    parts.syncJournalSessions(dom, journal.entries)
    const entries = journal.entries.filter(parts.journalFilter(dom)).reverse()
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
      const open = expanded.has(entry.id)
      const line = { entry, url: new URL(entry.url, location.href), open, columns, toggle }
      rows.push(parts.journalRow(dom, line))
      if (open) rows.push(parts.journalDetail(dom, line))
    }
    if (rows.length === 0) {
      const where = basePath || 'the base path'
      const text = hidden
        ? 'No request matches the filter.'
        : 'No requests yet: calls under ' + where + ' show up here.'
      rows.push(h('tr', null, h('td', { colspan: columns, class: 'muted' }, text)))
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

  return {
    render,
    setBasePath,
    collapse: () => expanded.clear(),
    filtering: () => parts.journalFiltering(dom),
  }
}

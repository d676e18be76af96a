import type { StatePageDocument } from '../control-documents.ts'
import type { Dom } from './dashboard-dom.ts'
import type { ColumnSettings, TableSettings } from './dashboard-settings.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface StateTables {
  /** Draws the counts and a page of each collection. */
  render(state: StatePageDocument): void
}

/**
 * The resources panel (a count per collection, linking to its table) and a table per
 * collection, with the columns the settings take from the model.
 */
export function createStateTables(dom: Dom, tables: readonly TableSettings[]): StateTables {
  const { byId, h, fill, show } = dom

  // The wire form is /Date(ms)/ or /Date(ms+hhmm)/: the ms are the instant either way.
  function wcfDateText(value: unknown): unknown {
    const match = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(String(value))
    if (!match) return value
    const date = new Date(Number(match[1]))
    if (isNaN(date.getTime())) return value
    return date.toISOString().slice(0, 19).replace('T', ' ') + ' UTC'
  }

  function cell(column: ColumnSettings, item: Readonly<Record<string, unknown>>): unknown {
    const value = item[column.field]
    if (column.show === 'date') return wcfDateText(value)
    if (column.show === 'count') return Array.isArray(value) ? value.length : 0
    return value
  }

  fill(
    byId('counts'),
    tables.map((table) =>
      h(
        'a',
        { class: 'count', href: '#table-' + table.name },
        h(
          'span',
          { class: 'count-value', id: 'count-' + table.name, 'data-testid': 'count-' + table.name },
          '…',
        ),
        h('span', { class: 'count-label' }, table.title),
      ),
    ),
  )
  fill(
    byId('tables'),
    tables.map((table) =>
      h(
        'div',
        { id: 'table-' + table.name },
        h('h3', null, table.title, ' ', h('span', { class: 'muted', id: 'rows-' + table.name })),
        h(
          'div',
          { class: 'scroll' },
          h(
            'table',
            { 'data-testid': 'table-' + table.name },
            h(
              'thead',
              null,
              h(
                'tr',
                null,
                table.columns.map((column) =>
                  h('th', { class: column.className === 'num' ? 'num' : null }, column.label),
                ),
              ),
            ),
            h('tbody', { id: 'body-' + table.name }),
          ),
        ),
      ),
    ),
  )

  // The state comes a page at a time (rowLimit rows of each collection) with every count, so a
  // large state is never shipped whole on each poll.
  function render(state: StatePageDocument): void {
    for (const table of tables) {
      const list = state[table.name] ?? []
      const total = state.Counts[table.name] ?? list.length
      byId('count-' + table.name).textContent = String(total)
      byId('rows-' + table.name).textContent =
        total > list.length
          ? '(first ' + list.length + ' of ' + total + ')'
          : '(' + total + (total === 1 ? ' row)' : ' rows)')
      const rows = list.map((item) =>
        h(
          'tr',
          null,
          table.columns.map((column) =>
            h('td', { class: column.className }, show(cell(column, item))),
          ),
        ),
      )
      if (rows.length === 0) {
        rows.push(h('tr', null, h('td', { colspan: table.columns.length, class: 'muted' }, 'None')))
      }
      fill(byId('body-' + table.name), rows)
    }
  }

  return { render }
}

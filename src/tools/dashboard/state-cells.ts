import type { Dom } from './dashboard-dom.ts'
import type { ColumnSettings, TableSettings } from './dashboard-settings.ts'

// Browser code: the page inlines each function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The resources panel's links and the collections' tables, handed to createStateTables. */
export interface TableParts {
  readonly countLink: typeof countLink
  readonly tableFrame: typeof tableFrame
  readonly stateCell: typeof stateCell
}

/** A collection's count, linking to its table (the count is drawn into it by each render). */
export function countLink(dom: Dom, table: TableSettings): HTMLElement {
  const { h } = dom
  return h(
    'a',
    { class: 'count', href: '#table-' + table.name },
    h(
      'span',
      { class: 'count-value', id: 'count-' + table.name, 'data-testid': 'count-' + table.name },
      '…',
    ),
    h('span', { class: 'count-label' }, table.title),
  )
}

/** A collection's table: its title, its columns' heads, and an empty body each render fills. */
export function tableFrame(dom: Dom, table: TableSettings): HTMLElement {
  const { h } = dom
  return h(
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
  )
}

/** What a column shows of an item: a date as UTC text, a list as its count, else the value. */
export function stateCell(
  column: ColumnSettings,
  item: Readonly<Record<string, unknown>>,
): unknown {
  // The wire form is /Date(ms)/ or /Date(ms+hhmm)/: the ms are the instant either way.
  function wcfDateText(value: unknown): unknown {
    const match = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(String(value))
    if (!match) return value
    const date = new Date(Number(match[1]))
    if (isNaN(date.getTime())) return value
    return date.toISOString().slice(0, 19).replace('T', ' ') + ' UTC'
  }
  const value = item[column.field]
  if (column.show === 'date') return wcfDateText(value)
  if (column.show === 'count') return Array.isArray(value) ? value.length : 0
  return value
}

import type { StatePageDocument } from '../../control/index.ts'
import type { Dom } from './dashboard-dom.ts'
import type { TableSettings } from './dashboard-settings.ts'
import type { TableParts } from './state-cells.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module; its
// cells and frames (state-cells.ts) come in as `parts`.

export interface StateTables {
  /** Draws the counts and a page of each collection. */
  render(state: StatePageDocument): void
}

/**
 * The resources panel (a count per collection, linking to its table) and a table per
 * collection, with the columns the settings take from the model.
 */
export function createStateTables(
  dom: Dom,
  tables: readonly TableSettings[],
  parts: TableParts,
): StateTables {
  const { byId, h, fill, show } = dom

  fill(
    byId('counts'),
    tables.map((table) => parts.countLink(dom, table)),
  )
  fill(
    byId('tables'),
    tables.map((table) => parts.tableFrame(dom, table)),
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
            h('td', { class: column.className }, show(parts.stateCell(column, item))),
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

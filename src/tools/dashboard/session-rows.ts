import type { SessionsDocument } from '../../control/index.ts'
import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'
import type { LoginCells } from './login-cells.ts'

// Browser code: the page inlines each function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The sessions table's rows, handed to createSessionsView as parts of the page. */
export interface SessionParts {
  readonly sessionRow: typeof sessionRow
  readonly syncScenarioSelect: typeof syncScenarioSelect
  readonly setSessionTime: typeof setSessionTime
  readonly sessionsNote: typeof sessionsNote
}

/** What a row's switcher and delete button work with. */
export interface SessionsContext {
  readonly dom: Dom
  readonly call: Call
  readonly act: Act
  readonly login: LoginCells
}

/** One row of the table: the shared state's or a session's, made once and updated in place. */
export interface SessionRow {
  readonly tr: HTMLTableRowElement
  readonly select: HTMLSelectElement
  readonly created: HTMLTableCellElement
  readonly used: HTMLTableCellElement
  readonly requests: HTMLTableCellElement
  scenario: string
}

/** A row of the table, for the shared state (`null`) or a session: made once, updated in place. */
export function sessionRow(context: SessionsContext, id: string | null): SessionRow {
  const { dom, call, act, login } = context
  const { h, fill, show } = dom
  const query = id === null ? '' : '?__session=' + encodeURIComponent(id)
  const label = id === null ? 'the shared state' : 'session ' + id
  const select = h('select', {
    'data-testid': 'scenario-select',
    'aria-label': 'Scenario of ' + label,
  })
  const remove = (): Promise<void> =>
    act('Deleted ' + label, () =>
      call('DELETE', '/__mock/sessions/' + encodeURIComponent(id ?? '')),
    )
  const row: SessionRow = {
    tr: h(
      'tr',
      id === null
        ? { 'data-testid': 'shared-row' }
        : { 'data-testid': 'session-row', 'data-session': id },
    ),
    select,
    created: h('td', { class: 'mono' }, show(null)),
    used: h('td', { class: 'mono' }, show(null)),
    requests: h('td', { class: 'num', 'data-testid': 'session-requests' }, show(null)),
    scenario: '',
  }
  select.addEventListener('change', () => {
    const name = select.value
    // Its latency and fault rules stay, unless the scenario names its own (decisions.md).
    const done = 'Put ' + label + ' in scenario ' + name + ': latency and fault rules kept'
    void act(done, () => call('PUT', '/__mock/scenarios/' + encodeURIComponent(name) + query)).then(
      () => {
        // A refused switch changes no answer, so no redraw puts the value back.
        select.value = row.scenario
      },
    )
  })
  fill(row.tr, [
    h('td', { class: 'mono' }, id === null ? h('em', null, 'shared state') : id),
    h('td', null, select),
    row.created,
    row.used,
    row.requests,
    login.cell(id),
    h(
      'td',
      null,
      id === null
        ? null
        : h(
            'button',
            { type: 'button', class: 'danger', 'data-testid': 'delete-session', onclick: remove },
            'Delete',
          ),
    ),
  ])
  return row
}

/** A row's scenario switcher: its options, unless it is in use (a list rebuilt under an open
 * switcher would close it). */
export function syncScenarioSelect(
  dom: Dom,
  target: { readonly row: SessionRow; readonly names: readonly string[] },
): void {
  const { h, fill } = dom
  const { row, names } = target
  if (document.activeElement === row.select) return
  const list = names.includes(row.scenario) ? names : [...names, row.scenario]
  const current = Array.from(row.select.options, (option) => option.value)
  if (current.join('\n') !== list.join('\n')) {
    fill(
      row.select,
      list.map((name) => h('option', { value: name }, name)),
    )
  }
  row.select.value = row.scenario
}

/** A time cell: the time of day, the whole instant as its title. */
export function setSessionTime(cell: HTMLTableCellElement, iso: string): void {
  cell.textContent = iso.slice(11, 19)
  cell.title = iso
}

/** The table's note: how many sessions there are, how many are shown, how many are kept. */
export function sessionsNote(listing: SessionsDocument): string {
  const { count, max } = listing
  const shown = listing.sessions.length
  return (
    '(' +
    count +
    (count === 1 ? ' session' : ' sessions') +
    (count > shown ? ', the ' + shown + ' most recently used shown' : '') +
    ', at most ' +
    max +
    ' kept)'
  )
}

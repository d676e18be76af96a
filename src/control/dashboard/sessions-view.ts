import type { ScenariosDocument, SessionsDocument, SessionSummary } from '../control-documents.ts'
import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'
import type { LoginCells } from './login-cells.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

export interface SessionsView {
  render(sessions: SessionsDocument): void
  /** The scenarios each switcher offers, and the shared state's. */
  renderScenarios(scenarios: ScenariosDocument): void
}

/** One row of the table: the shared state's or a session's, made once and updated in place. */
interface Row {
  readonly tr: HTMLTableRowElement
  readonly select: HTMLSelectElement
  readonly created: HTMLTableCellElement
  readonly used: HTMLTableCellElement
  readonly requests: HTMLTableCellElement
  scenario: string
}

/**
 * The sessions table: the shared state and the most recently used sessions, each with its
 * scenario (a switcher), when it was made and last used, its requests, its login (when the mock
 * has a login wall) and a delete button. Rows are updated in place and kept in the order the
 * sessions were made, so polling never takes a switcher from under the pointer.
 */
export function createSessionsView(
  dom: Dom,
  call: Call,
  act: Act,
  login: LoginCells,
): SessionsView {
  const { byId, h, fill, show } = dom
  let rows = new Map<string, Row>()
  let names: readonly string[] = []

  const query = (id: string | null): string =>
    id === null ? '' : '?__session=' + encodeURIComponent(id)
  const label = (id: string | null): string => (id === null ? 'the shared state' : 'session ' + id)

  // Its options, unless it is in use: a list rebuilt under an open switcher would close it.
  function sync(row: Row): void {
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

  function setTime(cell: HTMLTableCellElement, iso: string): void {
    cell.textContent = iso.slice(11, 19)
    cell.title = iso
  }

  function makeRow(id: string | null): Row {
    const select = h('select', {
      'data-testid': 'scenario-select',
      'aria-label': 'Scenario of ' + label(id),
    })
    const remove = (): Promise<void> =>
      act('Deleted ' + label(id), () =>
        call('DELETE', '/__mock/sessions/' + encodeURIComponent(id ?? '')),
      )
    const row: Row = {
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
      const done = 'Put ' + label(id) + ' in scenario ' + name + ': latency and fault rules kept'
      void act(done, () =>
        call('PUT', '/__mock/scenarios/' + encodeURIComponent(name) + query(id)),
      ).then(() => {
        // A refused switch changes no answer, so no redraw puts the value back.
        select.value = row.scenario
      })
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

  const shared = makeRow(null)

  function update(row: Row, session: SessionSummary): void {
    row.scenario = session.scenario
    sync(row)
    setTime(row.created, session.createdAt)
    setTime(row.used, session.lastUsedAt)
    row.requests.textContent = String(session.requests)
  }

  function render(listing: SessionsDocument): void {
    const listed = listing.sessions
      .slice()
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    const kept = new Map<string, Row>()
    for (const session of listed) {
      const row = rows.get(session.id) ?? makeRow(session.id)
      update(row, session)
      kept.set(session.id, row)
    }
    rows = kept
    const order = [shared.tr, ...Array.from(kept.values(), (row) => row.tr)]
    const body = byId('sessions')
    // Moved only when the order changed: a moved row loses the focus of its switcher.
    if (order.length !== body.children.length || order.some((tr, i) => body.children[i] !== tr)) {
      fill(body, order)
    }
    const { count, max } = listing
    byId('sessions-note').textContent =
      '(' +
      count +
      (count === 1 ? ' session' : ' sessions') +
      (count > listed.length ? ', the ' + listed.length + ' most recently used shown' : '') +
      ', at most ' +
      max +
      ' kept)'
    byId<HTMLButtonElement>('delete-sessions').disabled = count === 0
    login.track(Array.from(kept.keys()))
  }

  function renderScenarios(catalogue: ScenariosDocument): void {
    names = catalogue.scenarios.map((scenario) => scenario.name)
    shared.scenario = catalogue.current
    for (const row of [shared, ...rows.values()]) sync(row)
  }

  byId('delete-sessions').addEventListener('click', () =>
    act('Deleted every session', () => call('DELETE', '/__mock/sessions')),
  )
  fill(byId('sessions'), [shared.tr])

  return { render, renderScenarios }
}

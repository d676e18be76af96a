import type { ScenariosDocument, SessionsDocument, SessionSummary } from '../../control/index.ts'
import type { SessionParts, SessionRow, SessionsContext } from './session-rows.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module; its
// rows (session-rows.ts) come in as `parts`.

export interface SessionsView {
  render(sessions: SessionsDocument): void
  /** The scenarios each switcher offers, and the shared state's. */
  renderScenarios(scenarios: ScenariosDocument): void
}

/**
 * The sessions table: the shared state and the most recently used sessions, each with its
 * scenario (a switcher), when it was made and last used, its requests, its login (when the mock
 * has a login wall) and a delete button. Rows are updated in place and kept in the order the
 * sessions were made, so polling never takes a switcher from under the pointer.
 */
export function createSessionsView(context: SessionsContext, parts: SessionParts): SessionsView {
  const { dom, call, act, login } = context
  const { byId, fill } = dom
  let rows = new Map<string, SessionRow>()
  let names: readonly string[] = []

  const makeRow = (id: string | null): SessionRow => parts.sessionRow(context, id)
  const sync = (row: SessionRow): void => parts.syncScenarioSelect(dom, { row, names })

  const shared = makeRow(null)

  function update(row: SessionRow, session: SessionSummary): void {
    row.scenario = session.scenario
    sync(row)
    parts.setSessionTime(row.created, session.createdAt)
    parts.setSessionTime(row.used, session.lastUsedAt)
    row.requests.textContent = String(session.requests)
  }

  function render(listing: SessionsDocument): void {
    const listed = listing.sessions
      .slice()
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    const kept = new Map<string, SessionRow>()
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
    byId('sessions-note').textContent = parts.sessionsNote(listing)
    byId<HTMLButtonElement>('delete-sessions').disabled = listing.count === 0
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

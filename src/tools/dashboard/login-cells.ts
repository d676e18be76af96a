import type { Act, Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'

// Browser code: the page inlines each function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** `GET /__mock/login`: the login wall's mode (`--auth`) and whether the state is logged in. */
export interface LoginStatus {
  readonly Mode: 'off' | 'claims' | 'forms'
  readonly LoggedIn: boolean
}

/** What the login cells' reads and buttons work with. */
export interface LoginContext {
  readonly dom: Dom
  readonly call: Call
  readonly act: Act
}

/** A login cell's content, handed to createLoginCells as a part. */
export interface LoginParts {
  readonly loginCellNodes: typeof loginCellNodes
}

export interface LoginCells {
  /** The login cell of a row (id null: the shared state's), made once and kept up to date. */
  cell(id: string | null): HTMLTableCellElement
  /** The sessions shown now: their logins are read again while the mock has a login wall. */
  track(ids: readonly string[]): void
  /** The shared state's login, or null where the mock has no `/__mock/login`. */
  render(status: LoginStatus | null): void
}

/**
 * The sessions table's login column: each state logged in or not, with a button that logs it in
 * (`POST /__mock/login`) or out (`DELETE`). Shown only while the mock has a login wall (its mode
 * is not `off`). A session's login is read when the session list changes, and a read of a
 * session that exists is no use of it: looking never keeps a session alive.
 */
export function createLoginCells(context: LoginContext, parts: LoginParts): LoginCells {
  const { dom, call, act } = context
  const { byId, h, fill } = dom
  const cells = new Map<string | null, HTMLTableCellElement>()
  let tracked: readonly string[] = []
  let on = false
  // The mock's mode (the shared state's), while the wall is up.
  let wall = 'off'
  // Bumped by each round of reads: an answer from an older round is not drawn.
  let round = 0

  const query = (id: string | null): string =>
    id === null ? '' : '?__session=' + encodeURIComponent(id)
  const label = (id: string | null): string => (id === null ? 'the shared state' : 'session ' + id)

  function cell(id: string | null): HTMLTableCellElement {
    let found = cells.get(id)
    if (found === undefined) {
      found = h('td', { class: 'nowrap', 'data-testid': 'login-cell', hidden: !on })
      cells.set(id, found)
    }
    return found
  }

  function draw(id: string | null, status: LoginStatus): void {
    const { LoggedIn: loggedIn, Mode: mode } = status
    // A state may have a mode of its own (`POST /__mock/login {"Mode":…}`): said where it differs.
    const own = mode === wall ? '' : ' (' + mode + ')'
    const toggle = (): Promise<void> =>
      act((loggedIn ? 'Logged out ' : 'Logged in ') + label(id), async () => {
        await call(loggedIn ? 'DELETE' : 'POST', '/__mock/login' + query(id))
        // Read back at once: a session's login is otherwise read when the session list changes.
        await read(id, round)
      })
    fill(cell(id), parts.loginCellNodes(dom, { loggedIn, own, toggle }))
  }

  async function read(id: string | null, started: number): Promise<void> {
    try {
      const { data } = await call<LoginStatus>('GET', '/__mock/login' + query(id))
      if (started === round) draw(id, data)
    } catch (error) {
      if (started === round)
        fill(cell(id), [h('span', { class: 'error' }, (error as Error).message)])
    }
  }

  async function readAll(): Promise<void> {
    const started = ++round
    await Promise.all(tracked.map((id) => read(id, started)))
  }

  function track(ids: readonly string[]): void {
    for (const id of cells.keys()) if (id !== null && !ids.includes(id)) cells.delete(id)
    tracked = ids
    if (on) void readAll()
  }

  function render(status: LoginStatus | null): void {
    const was = on
    on = status !== null && status.Mode !== 'off'
    wall = status?.Mode ?? 'off'
    byId('login-head').hidden = !on
    byId('login-mode').textContent = on && status ? 'login wall: ' + status.Mode : ''
    for (const td of cells.values()) td.hidden = !on
    if (on && status) draw(null, status)
    if (on && !was) void readAll()
  }

  return { cell, track, render }
}

/** A login cell: logged in or anonymous (with the state's own mode where it differs), and the button that flips it. */
export function loginCellNodes(
  dom: Dom,
  state: { readonly loggedIn: boolean; readonly own: string; readonly toggle: () => void },
): Node[] {
  const { h } = dom
  const { loggedIn, own, toggle } = state
  return [
    h(
      'span',
      { class: loggedIn ? 'logged-in' : 'muted', 'data-testid': 'login-state' },
      (loggedIn ? 'logged in' : 'anonymous') + own,
    ),
    document.createTextNode(' '),
    h(
      'button',
      { type: 'button', 'data-testid': 'login-toggle', onclick: toggle },
      loggedIn ? 'Log out' : 'Log in',
    ),
  ]
}

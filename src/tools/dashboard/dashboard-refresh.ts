import type { JournalDocument, SessionsDocument, SettingsDocument } from '../../control/index.ts'
import type { Call } from './dashboard-client.ts'
import type { Dom } from './dashboard-dom.ts'
import type { DashboardSettings } from './dashboard-settings.ts'
import type { JournalView } from './journal-view.ts'
import type { LoginCells, LoginStatus } from './login-cells.ts'
import type { NoticesView } from './notices-view.ts'
import type { SessionsView } from './sessions-view.ts'
import type { SettingsPanel } from './settings-panel.ts'
import type { StatePanel } from './state-panel.ts'
import type { StateTables } from './state-tables.ts'
import type { UpstreamView } from './upstream-view.ts'
import type { ViewPicker } from './view-picker.ts'

// Browser code: the page inlines each function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The page's polling, handed to runDashboard as parts. */
export interface RefreshParts {
  readonly dashboardSources: typeof dashboardSources
  readonly refreshDashboard: typeof refreshDashboard
}

/** A route the page polls, and the view that draws its answer. */
export interface Source {
  /** Asked again on each refresh: a state's path names the session shown. */
  readonly path: () => string
  draw(data: unknown): void
  /** A route the mock may not have (a 404 is drawn as null, not as a lost connection). */
  readonly optional?: boolean
}

/** The page's state between polls, one record that runDashboard and each refresh share. */
export interface PageState {
  readonly dom: Dom
  /** The routes polled (set once the views are made). */
  sources: readonly Source[]
  /** The last text of each route drawn: an unchanged answer is not drawn again. */
  readonly lastText: Map<string, string>
  /** Bumped by every action: a poll that started before it must not draw stale state after it. */
  epoch: number
  /** Where the answers come from, as the connection line says (the page's home only). */
  host: string
}

/** The views the polled routes are drawn into. */
export interface PageViews {
  readonly view: ViewPicker
  readonly settingsPanel: SettingsPanel
  readonly upstream: UpstreamView
  readonly sessions: SessionsView
  readonly login: LoginCells
  readonly tables: StateTables
  readonly journal: JournalView
  readonly statePanel: StatePanel
  readonly notices: NoticesView
}

/** The routes the page polls, each with the views that draw it. */
export function dashboardSources(settings: DashboardSettings, views: PageViews): Source[] {
  const { view, journal } = views
  function source<T>(path: string, draw: (data: T) => void, optional = false): Source {
    return { path: () => path, draw: (data) => draw(data as T), optional }
  }
  function stateSource<T>(path: string, draw: (data: T) => void): Source {
    return { path: () => view.scoped(path), draw: (data) => draw(data as T) }
  }
  return [
    stateSource('/__mock/settings', (data: SettingsDocument) => {
      views.settingsPanel.render(data)
      views.upstream.render(data)
    }),
    source('/__mock/sessions?limit=' + settings.sessionLimit, (data: SessionsDocument) => {
      views.sessions.render(data)
      view.render(data)
    }),
    source('/__mock/scenarios', views.sessions.renderScenarios),
    // The login wall's route (`--auth`): a mock without it answers 404, and the column stays hidden.
    source<LoginStatus | null>('/__mock/login', views.login.render, true),
    stateSource('/__mock/state?limit=' + settings.rowLimit, views.tables.render),
    // A filter looks further back: four times the entries, still a bounded answer per poll.
    {
      path: () =>
        view.scoped(
          '/__mock/journal?limit=' + settings.journalLimit * (journal.filtering() ? 4 : 1),
        ),
      draw: (data: unknown) => journal.render(data as JournalDocument),
    },
    stateSource('/__mock/snapshots', views.statePanel.renderSnapshots),
    source('/__mock/notices', views.notices.render),
  ]
}

/** Reads every source once and draws what changed; the connection line says how it went. */
export async function refreshDashboard(page: PageState, call: Call): Promise<void> {
  const started = page.epoch
  const results = await Promise.allSettled(
    page.sources.map(async (source) => {
      const { draw, optional } = source
      const path = source.path()
      const { text, data } = await call('GET', path).catch((error: unknown) => {
        if (!optional) throw error
        return { text: '', data: null }
      })
      // Unchanged answers are not redrawn, so a selection or a scroll position survives polling.
      if (started !== page.epoch || page.lastText.get(path) === text) return
      page.lastText.set(path, text)
      draw(data)
    }),
  )
  const failed = results.find((result) => result.status === 'rejected')
  const connection = page.dom.byId('connection')
  connection.textContent = failed
    ? (failed.reason as Error).message
    : 'updated ' + new Date().toISOString().slice(11, 19) + ' UTC' + page.host
  connection.className = failed ? 'error' : 'muted'
}

import type { JournalDocument, SessionsDocument, SettingsDocument } from '../control-documents.ts'
import type { createChannelFetch, fetchLinksThrough } from './channel-fetch.ts'
import type { Act, Call, createClient, Fetcher } from './dashboard-client.ts'
import type { createDom } from './dashboard-dom.ts'
import type { DashboardSettings } from './dashboard-settings.ts'
import type { JournalParts } from './journal-rows.ts'
import type { createJournalView } from './journal-view.ts'
import type { createLoginCells, LoginParts, LoginStatus } from './login-cells.ts'
import type { createNoticesView } from './notices-view.ts'
import type { SessionParts } from './session-rows.ts'
import type { createSessionsView } from './sessions-view.ts'
import type { SettingsParts } from './settings-form.ts'
import type { createSettingsPanel } from './settings-panel.ts'
import type { StateParts } from './snapshot-item.ts'
import type { createStatePanel } from './state-panel.ts'
import type { TableParts } from './state-cells.ts'
import type { createStateTables } from './state-tables.ts'
import type { createUpstreamView } from './upstream-view.ts'
import type { createViewPicker } from './view-picker.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** The other pieces of the page's code, handed in as values: the page inlines each one's text. */
export interface DashboardParts
  extends JournalParts, SessionParts, SettingsParts, StateParts, TableParts, LoginParts {
  readonly createDom: typeof createDom
  readonly createClient: typeof createClient
  readonly createChannelFetch: typeof createChannelFetch
  readonly fetchLinksThrough: typeof fetchLinksThrough
  readonly createStateTables: typeof createStateTables
  readonly createJournalView: typeof createJournalView
  readonly createSettingsPanel: typeof createSettingsPanel
  readonly createStatePanel: typeof createStatePanel
  readonly createNoticesView: typeof createNoticesView
  readonly createSessionsView: typeof createSessionsView
  readonly createLoginCells: typeof createLoginCells
  readonly createUpstreamView: typeof createUpstreamView
  readonly createViewPicker: typeof createViewPicker
}

interface Source {
  /** Asked again on each refresh: a state's path names the session shown. */
  readonly path: () => string
  draw(data: unknown): void
  /** A route the mock may not have (a 404 is drawn as null, not as a lost connection). */
  readonly optional?: boolean
}

/**
 * The dashboard's browser code: polls the control API and draws the settings, the state, the
 * journal and the snapshots; its buttons and forms call the API.
 */
export function runDashboard(
  settings: DashboardSettings,
  parts: DashboardParts,
  local: Fetcher = (path, init) => fetch(path, init),
): void {
  const dom = parts.createDom()
  // In the page's home the mock lives in the app's tabs: asked over the channel, and `local`
  // (this page's own copy, restored from the saved state) when no tab of the app is open.
  let host = ''
  const fetcher = settings.channel
    ? parts.createChannelFetch(settings.channel, local, (answered) => {
        host =
          answered === 'tab'
            ? " · the app's tab"
            : ' · no tab of the app answers: the saved state, without its journal'
      })
    : local
  const call = parts.createClient(fetcher)
  if (settings.channel) parts.fetchLinksThrough(fetcher, dom.say)
  const lastText = new Map<string, string>()
  // Bumped by every action: a poll that started before it must not draw stale state after it.
  let epoch = 0

  const act: Act = async (done, request) => {
    epoch++
    try {
      const result = await request()
      dom.say(typeof done === 'function' ? done(result) : done, false)
    } catch (error) {
      dom.say((error as Error).message, true)
    }
    await refresh()
  }

  const tables = parts.createStateTables(dom, settings.tables, parts)
  const journal = parts.createJournalView(dom, parts)
  const view = parts.createViewPicker(dom, () => {
    // Everything drawn is of the state shown before: drawn again, and no poll of it lands late.
    epoch++
    lastText.clear()
    journal.collapse()
    void refresh()
  })
  // The panels of one state (settings, faults, reset, snapshots) work on the one shown.
  const viewCall: Call = (method, path, body) => call(method, view.scoped(path), body)
  const settingsPanel = parts.createSettingsPanel({ dom, call: viewCall, act, journal }, parts)
  const statePanel = parts.createStatePanel({ dom, call: viewCall, act, journal }, parts)
  const notices = parts.createNoticesView(dom)
  const login = parts.createLoginCells({ dom, call, act }, parts)
  const sessions = parts.createSessionsView({ dom, call, act, login }, parts)
  const upstream = parts.createUpstreamView(dom)

  function source<T>(path: string, draw: (data: T) => void, optional = false): Source {
    return { path: () => path, draw: (data) => draw(data as T), optional }
  }
  function stateSource<T>(path: string, draw: (data: T) => void): Source {
    return { path: () => view.scoped(path), draw: (data) => draw(data as T) }
  }
  const sources = [
    stateSource('/__mock/settings', (data: SettingsDocument) => {
      settingsPanel.render(data)
      upstream.render(data)
    }),
    source('/__mock/sessions?limit=' + settings.sessionLimit, (data: SessionsDocument) => {
      sessions.render(data)
      view.render(data)
    }),
    source('/__mock/scenarios', sessions.renderScenarios),
    // The login wall's route (`--auth`): a mock without it answers 404, and the column stays hidden.
    source<LoginStatus | null>('/__mock/login', login.render, true),
    stateSource('/__mock/state?limit=' + settings.rowLimit, tables.render),
    // A filter looks further back: four times the entries, still a bounded answer per poll.
    {
      path: () =>
        view.scoped(
          '/__mock/journal?limit=' + settings.journalLimit * (journal.filtering() ? 4 : 1),
        ),
      draw: (data: unknown) => journal.render(data as JournalDocument),
    },
    stateSource('/__mock/snapshots', statePanel.renderSnapshots),
    source('/__mock/notices', notices.render),
  ]

  async function refresh(): Promise<void> {
    const started = epoch
    const results = await Promise.allSettled(
      sources.map(async (source) => {
        const { draw, optional } = source
        const path = source.path()
        const { text, data } = await call('GET', path).catch((error: unknown) => {
          if (!optional) throw error
          return { text: '', data: null }
        })
        // Unchanged answers are not redrawn, so a selection or a scroll position survives polling.
        if (started !== epoch || lastText.get(path) === text) return
        lastText.set(path, text)
        draw(data)
      }),
    )
    const failed = results.find((result) => result.status === 'rejected')
    const connection = dom.byId('connection')
    connection.textContent = failed
      ? (failed.reason as Error).message
      : 'updated ' + new Date().toISOString().slice(11, 19) + ' UTC' + host
    connection.className = failed ? 'error' : 'muted'
  }

  async function poll(): Promise<void> {
    if (dom.byId<HTMLInputElement>('live').checked && !document.hidden) await refresh()
    setTimeout(poll, settings.pollMs)
  }

  void poll()
}

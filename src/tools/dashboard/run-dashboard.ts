import type { createChannelFetch, fetchLinksThrough } from './channel-fetch.ts'
import type { Act, Call, createClient, Fetcher } from './dashboard-client.ts'
import type { createDom } from './dashboard-dom.ts'
import type { PageState, RefreshParts } from './dashboard-refresh.ts'
import type { DashboardSettings } from './dashboard-settings.ts'
import type { JournalParts } from './journal-rows.ts'
import type { createJournalView } from './journal-view.ts'
import type { createLoginCells, LoginParts } from './login-cells.ts'
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
  extends
    JournalParts,
    SessionParts,
    SettingsParts,
    StateParts,
    TableParts,
    LoginParts,
    RefreshParts {
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
  const page: PageState = { dom, sources: [], lastText: new Map(), epoch: 0, host: '' }
  // In the page's home the mock lives in the app's tabs: asked over the channel, and `local`
  // (this page's own copy, restored from the saved state) when no tab of the app is open.
  const fetcher = settings.channel
    ? parts.createChannelFetch(settings.channel, local, (answered) => {
        page.host =
          answered === 'tab'
            ? " · the app's tab"
            : ' · no tab of the app answers: the saved state, without its journal'
      })
    : local
  const call = parts.createClient(fetcher)
  if (settings.channel) parts.fetchLinksThrough(fetcher, dom.say)
  const refresh = (): Promise<void> => parts.refreshDashboard(page, call)

  const act: Act = async (done, request) => {
    page.epoch++
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
    page.epoch++
    page.lastText.clear()
    journal.collapse()
    void refresh()
  })
  // The panels of one state (settings, faults, reset, snapshots) work on the one shown.
  const viewCall: Call = (method, path, body) => call(method, view.scoped(path), body)
  const login = parts.createLoginCells({ dom, call, act }, parts)
  page.sources = parts.dashboardSources(settings, {
    view,
    tables,
    journal,
    login,
    settingsPanel: parts.createSettingsPanel({ dom, call: viewCall, act, journal }, parts),
    statePanel: parts.createStatePanel({ dom, call: viewCall, act, journal }, parts),
    notices: parts.createNoticesView(dom),
    sessions: parts.createSessionsView({ dom, call, act, login }, parts),
    upstream: parts.createUpstreamView(dom),
  })

  async function poll(): Promise<void> {
    if (dom.byId<HTMLInputElement>('live').checked && !document.hidden) await refresh()
    setTimeout(poll, settings.pollMs)
  }

  void poll()
}

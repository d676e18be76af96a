import { createChannelFetch, fetchLinksThrough } from './channel-fetch.ts'
import { createClient } from './dashboard-client.ts'
import { createDom } from './dashboard-dom.ts'
import { dashboardSources, refreshDashboard } from './dashboard-refresh.ts'
import type { DashboardSettings } from './dashboard-settings.ts'
import {
  journalDetail,
  journalFilter,
  journalFiltering,
  journalRow,
  syncJournalSessions,
} from './journal-rows.ts'
import { createJournalView } from './journal-view.ts'
import { createLoginCells, loginCellNodes } from './login-cells.ts'
import { createNoticesView } from './notices-view.ts'
import { runDashboard, type DashboardParts } from './run-dashboard.ts'
import { sessionRow, sessionsNote, setSessionTime, syncScenarioSelect } from './session-rows.ts'
import { createSessionsView } from './sessions-view.ts'
import { faultInput, faultText, latencyInput, latencyText } from './settings-form.ts'
import { createSettingsPanel } from './settings-panel.ts'
import { snapshotItem } from './snapshot-item.ts'
import { createStatePanel } from './state-panel.ts'
import { countLink, stateCell, tableFrame } from './state-cells.ts'
import { createStateTables } from './state-tables.ts'
import { createUpstreamView } from './upstream-view.ts'
import { createViewPicker } from './view-picker.ts'

/**
 * The page's inline script: `runDashboard` called with the settings and the other parts, each
 * written out as its function's source text. That text is what the module runs as (type-stripped
 * TypeScript from the sources, JavaScript from the package's bundle), so the page needs no
 * bundler step and no asset route of its own.
 * @example `<script>${dashboardScript(dashboardSettings)}</script>`
 */
export function dashboardScript(settings: DashboardSettings): string {
  const partsText = Object.entries(dashboardParts)
    .map(([name, part]) => `${name}: ${String(part)}`)
    .join(',\n')
  return `'use strict'\n;(${String(runDashboard)})(${scriptJson(settings)}, {\n${partsText}\n})\n`
}

/** The pieces `runDashboard` is handed: inlined as text by the page, or called as they are. */
export const dashboardParts: DashboardParts = {
  createDom,
  createClient,
  createChannelFetch,
  fetchLinksThrough,
  createStateTables,
  countLink,
  tableFrame,
  stateCell,
  createJournalView,
  journalRow,
  journalDetail,
  journalFilter,
  journalFiltering,
  syncJournalSessions,
  createSettingsPanel,
  latencyText,
  faultText,
  faultInput,
  latencyInput,
  createStatePanel,
  snapshotItem,
  createNoticesView,
  createSessionsView,
  sessionRow,
  syncScenarioSelect,
  setSessionTime,
  sessionsNote,
  createLoginCells,
  loginCellNodes,
  createUpstreamView,
  createViewPicker,
  dashboardSources,
  refreshDashboard,
}

/**
 * A Content-Security-Policy source that allows exactly this inline script or style and nothing
 * else: `'sha256-<base64>'`. Web Crypto's digest, which Node and every page a service worker
 * serves have: a SHA-256 of our own would load with the mock on every page (and split a chunk
 * of the page's bundle with the MD5 the profile pictures use), for a page few open.
 * @example `script-src ${await cspHash(script)}`
 */
export async function cspHash(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  )
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`
}

// JSON is a JavaScript expression; `<` escaped, no text in it can end the script element.
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c')
}

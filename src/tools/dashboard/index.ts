// The dashboard `GET /__mock` answers: the page (dashboardPage), handed to the core by the
// entry points (handlers/create-mock.ts, src/browser/start-worker.ts), and its parts.
export { dashboardPage, type DashboardPage } from './dashboard-page.ts'
export { dashboardBody, dashboardTitle } from './dashboard-body.ts'
export { drawDashboard } from './draw-dashboard.ts'
export { dashboardParts, dashboardScript, cspHash } from './dashboard-script.ts'
export {
  dashboardSettings,
  type ColumnSettings,
  type DashboardSettings,
  type TableSettings,
} from './dashboard-settings.ts'
export { dashboardStyle } from './dashboard-style.ts'
export { runDashboard, type DashboardParts } from './run-dashboard.ts'
export { createChannelFetch } from './channel-fetch.ts'
export { createClient, type Fetcher } from './dashboard-client.ts'

export { dashboardParts, dashboardScript, cspHash } from './dashboard-script.ts'
export {
  dashboardSettings,
  type ColumnSettings,
  type DashboardSettings,
  type TableSettings,
} from './dashboard-settings.ts'
export { dashboardStyle } from './dashboard-style.ts'
export { runDashboard, type DashboardParts } from './run-dashboard.ts'
export { controlChannelName, createChannelFetch, type ChannelMessage } from './channel-fetch.ts'
export { createClient, type Fetcher } from './dashboard-client.ts'

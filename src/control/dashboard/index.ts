export { dashboardScript, cspHash } from './dashboard-script.ts'
export {
  dashboardSettings,
  type ColumnSettings,
  type DashboardSettings,
  type TableSettings,
} from './dashboard-settings.ts'
export { dashboardStyle } from './dashboard-style.ts'
export { runDashboard, type DashboardParts } from './run-dashboard.ts'

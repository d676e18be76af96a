import { controlPath } from '../wire/route/mock-paths.ts'

/**
 * Whether this page is `/__mock` (or `/__mock/`): the dashboard's, not the app's (the dev
 * server answers it with the app's page; page-dashboard.ts draws the dashboard there).
 */
export function isDashboardPage(): boolean {
  if (typeof location === 'undefined' || typeof document === 'undefined') return false
  const path = location.pathname.replace(/\/{2,}/g, '/')
  return path === controlPath || path === `${controlPath}/`
}

import { escapeHtml } from '../../wire/index.ts'
import { dashboardBody, dashboardTitle } from './dashboard-body.ts'
import type { Fetcher } from './dashboard-client.ts'
import { dashboardParts } from './dashboard-script.ts'
import { dashboardSettings } from './dashboard-settings.ts'
import { dashboardStyle } from './dashboard-style.ts'
import { runDashboard } from './run-dashboard.ts'

/**
 * Draws the dashboard into this page, in place of its markup and styles: the page's home
 * (src/browser/page-dashboard.ts). It asks the app's tabs over `channel`, and `local` when
 * none answers.
 * @example drawDashboard({ basePath: '/RestApi', channel: controlChannelName, local: fetch })
 */
export function drawDashboard(page: {
  readonly basePath: string
  readonly channel: string
  readonly local: Fetcher
}): void {
  for (const sheet of document.querySelectorAll('style, link[rel="stylesheet"]')) sheet.remove()
  const style = document.createElement('style')
  style.textContent = dashboardStyle
  document.head.append(style)
  document.title = dashboardTitle
  document.body.innerHTML = dashboardBody(escapeHtml(page.basePath))
  runDashboard({ ...dashboardSettings, channel: page.channel }, dashboardParts, page.local)
}

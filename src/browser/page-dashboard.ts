// `/__mock` in the page's home: the dev server answers it with the app's own page (its
// fallback to index.html), whose startWorker() draws the dashboard there instead of letting the
// app start. The dashboard reaches the mock of the app's other tabs over the channel, and this
// page's own copy (restored from the saved state) when none is open.
// Loaded only on that page: the app's own pages carry none of it.
import type { WorkerMockOptions } from './worker-mock.ts'

/**
 * Draws the dashboard into this page, in place of the app's markup and styles. Never resolves:
 * the app's code after `await startWorker()` does not run on the dashboard's page.
 */
export async function showPageDashboard(options: WorkerMockOptions): Promise<never> {
  const [{ workerMock, dispatchOf }, dashboard, parts, { escapeHtml }] = await Promise.all([
    import('./worker-mock.ts'),
    import('../control/dashboard.ts'),
    import('../control/dashboard/index.ts'),
    import('../wire/formats/html.ts'),
  ])
  // This page's copy answers no other tab: only the app's tabs do.
  const local = workerMock(options, false)
  const dispatch = dispatchOf(local.mock, undefined)
  for (const sheet of document.querySelectorAll('style, link[rel="stylesheet"]')) sheet.remove()
  const style = document.createElement('style')
  style.textContent = parts.dashboardStyle
  document.head.append(style)
  document.title = dashboard.dashboardTitle
  document.body.innerHTML = dashboard.dashboardBody(escapeHtml(local.mock.config.basePath))
  parts.runDashboard(
    { ...parts.dashboardSettings, channel: parts.controlChannelName },
    parts.dashboardParts,
    (path, init) => dispatch(new Request(new URL(path, location.origin), init)),
  )
  return new Promise<never>(() => undefined)
}

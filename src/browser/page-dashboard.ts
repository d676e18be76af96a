// `/__mock` in the page's home: the dev server answers it with the app's own page (its
// fallback to index.html), whose startWorker() draws the dashboard there instead of letting the
// app start. The dashboard reaches the mock of the app's other tabs over the channel, and this
// page's own copy (restored from the saved state) when none is open.
// Loaded only on that page: the app's own pages carry none of it.
import { controlChannelName } from '../control/channel-messages.ts'
import type { LoadDashboard, WorkerMockOptions } from './worker-mock.ts'

/**
 * Draws the dashboard (`load`, as startWorker hands it in) into this page, in place of the
 * app's markup and styles. Never resolves: the app's code after `await startWorker()` does not
 * run on the dashboard's page.
 */
export async function showPageDashboard(
  options: WorkerMockOptions,
  load: LoadDashboard,
): Promise<never> {
  const [{ workerMock, dispatchOf }, dashboard] = await Promise.all([
    import('./worker-mock.ts'),
    load(),
  ])
  // This page's copy answers no other tab: only the app's tabs do.
  const local = workerMock(options, { answerTabs: false })
  const dispatch = dispatchOf(local.mock, undefined)
  dashboard.drawDashboard({
    basePath: local.mock.config.basePath,
    channel: controlChannelName,
    local: (path, init) => dispatch(new Request(new URL(path, location.origin), init)),
  })
  return new Promise<never>(() => undefined)
}

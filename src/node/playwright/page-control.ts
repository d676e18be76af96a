import type { BrowserContext, Page } from '@playwright/test'
import { pageHooks } from '../../browser/page-hooks.ts'

/** One call of the mock's control plane (`/__mock/...`), its body as JSON. */
export interface ControlCall {
  readonly method: string
  readonly path: string
  readonly body?: unknown
}

/** What the page's mock can take at its start: what changes the state and returns nothing. */
const queueable = new Set(['POST /__mock/fixtures', 'POST /__mock/reset'])

/**
 * The worker home's control plane: the page's own mock, through the page's `fetch` (so what the
 * test sets is what the page sees). A call made before the page has loaded the app waits in
 * a queue that `startWorker` takes when it starts; reading the state needs the page.
 */
export async function pageControl(options: {
  context: BrowserContext
  page: Page
  baseURL: string
}): Promise<(call: ControlCall) => Promise<string>> {
  const { context, page, baseURL } = options
  const origin = new URL(baseURL).origin
  const queued: ControlCall[] = []
  await context.exposeBinding(pageHooks.pending, () => queued.splice(0))
  return async (call) => {
    const onApp = page.url().startsWith(origin)
    if (!onApp) {
      if (!queueable.has(`${call.method} ${call.path}`))
        throw new Error(
          `restapi-mock: ${call.method} ${call.path} needs the page's mock (the worker home): call it after page.goto`,
        )
      queued.push(call)
      return '{}'
    }
    await page.waitForFunction(
      (flag) => (globalThis as Record<string, unknown>)[flag] === true,
      pageHooks.ready,
    )
    const { status, text } = await page.evaluate(async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, text: await response.text() }
    }, call)
    if (status >= 400)
      throw new Error(`restapi-mock: ${call.method} ${call.path}: ${status} ${text}`)
    return text
  }
}

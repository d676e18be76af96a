import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'

export interface StaticServer {
  /** `http://127.0.0.1:<port>`: where the folder is served. */
  readonly url: string
  /** Every request the server saw, as `METHOD /path?query`, in order. */
  readonly requests: readonly string[]
  close(): Promise<void>
}

/**
 * Serves a built folder on 127.0.0.1 at a free port, and notes every request it sees, so a
 * browser test can prove that the service worker answered the API calls, not this server.
 * With `fallback` (`'index.html'`), a path with no file gets that file, as a dev server does.
 * @example const site = await serveFolder('examples/browser/dist')
 */
export async function serveFolder(
  root: string,
  options: { readonly fallback?: string } = {},
): Promise<StaticServer> {
  const requests: string[] = []
  const app = new Hono()
  app.use('*', async (c, next) => {
    const url = new URL(c.req.url)
    requests.push(`${c.req.method} ${url.pathname}${url.search}`)
    await next()
  })
  app.use('*', serveStatic({ root }))
  // A dev server's fallback to the app's page for a path it has no file for (Vite's `spa`).
  const { fallback } = options
  if (fallback) app.get('*', serveStatic({ root, rewriteRequestPath: () => `/${fallback}` }))
  app.notFound((c) => c.text('Not found', 404))

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started as Server),
    ) as Server
    started.once('error', reject)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

// How the bench's own servers are served, as the mock's command serves it: @hono/node-server on
// 127.0.0.1 and a free port, the heap setting the start file makes once it serves, requests
// followed for a graceful stop, and a signal ending the process as a program's (a --cpu-prof
// profile is written then). The parent reads the port from the line it prints.
import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { trackRequests } from '../src/tools/cli/track-requests.ts'

export function serveAsTheCommand(fetch: Parameters<typeof serve>[0]['fetch']): void {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`listening on http://127.0.0.1:${info.port}\n`)
    // The heap as src/tools/cli/start.ts sets it once it serves.
    setFlagsFromString('--heap-growing-percent=50')
  })
  trackRequests({
    server: server as Server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
  process.once('SIGINT', () => process.exit(0))
  process.once('SIGTERM', () => process.exit(0))
}

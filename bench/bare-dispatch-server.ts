// The floor for "what sessions, access checks and the journal cost": the mock's dispatch with
// the same operations, formats and store, and nothing around it. No access check, no large-body
// gate, no journal or latency hooks, no sessions (every request works on the one store), no
// request log; the command's request tracking and heap settings; served by the same Hono app
// shape on @hono/node-server. `npm run bench` and `bench:instructions
// bench/bare-dispatch-server.ts` run it beside the mock.
import { serve, type HttpBindings } from '@hono/node-server'
import type { Server } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { Hono } from 'hono'
import { operations } from '../handlers/operations.ts'
import { createStore } from '../src/mock/create-store.ts'
import { nodeRecord } from '../src/node/server/app.ts'
import { trackRequests } from '../src/tools/cli/track-requests.ts'
import { createAnswerer, resolveConfig } from '../src/wire/index.ts'

const store = createStore({ seed: 1 })
const answer = createAnswerer({
  operations,
  control: async () => undefined,
  config: resolveConfig(),
  stages: [{ name: 'sessions', store: () => store }],
})
const app = new Hono<{ Bindings: HttpBindings }>()
app.all('*', async (c) => {
  // Headers read from Node's raw list, as the mock's server reads them.
  const host = nodeRecord({ request: c.req.raw, rawHeaders: c.env.incoming.rawHeaders })
  return (await answer(c.req.raw, host))?.response ?? c.text('not found', 404)
})
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  // The parent reads the port from this line, as it reads the mock's banner.
  process.stdout.write(`listening on http://127.0.0.1:${info.port}\n`)
  // The heap as the mock's start file sets it once it serves (src/tools/cli/start.ts).
  setFlagsFromString('--heap-growing-percent=50')
})
// Requests followed for a graceful stop, as the command's server follows them (src/node/cli).
trackRequests({
  server: server as Server,
  close: () => new Promise<void>((resolve) => server.close(() => resolve())),
})

// Stopped by a signal, it exits as a program does (a --cpu-prof profile is written then).
process.once('SIGINT', () => process.exit(0))
process.once('SIGTERM', () => process.exit(0))

// The floor for "what sessions, access checks and the journal cost": the mock's dispatch with
// the same operations, formats and store, and nothing around it. No access check, no large-body
// gate, no journal or latency hooks, no sessions (every request works on the one store), no
// request log; the command's request tracking and heap settings; served by the same Hono app
// shape on @hono/node-server. `npm run bench` and `bench:instructions
// bench/bare-dispatch-server.ts` run it beside the mock.
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { serveAsTheCommand } from './serve-as-the-command.ts'
import { operations } from '../handlers/operations.ts'
import { createStore } from '../src/mock/create-store.ts'
import { nodeRecord } from '../src/node/server/app.ts'
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
serveAsTheCommand(app.fetch)

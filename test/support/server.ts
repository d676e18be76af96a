import { onTestFinished } from 'vitest'
import {
  createServer,
  createStore,
  type RunningServer,
  type ServerOptions,
} from '../../src/index.ts'
import { now } from './app.ts'

/**
 * A Node server on a free port of 127.0.0.1, as `buildApp` builds the app: its own store (seed 1
 * unless given), the fixed clock, JSON when a request names no format, and no log. It is closed
 * when the test ends, if the test has not closed it; call it inside a test or a `beforeEach`.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const server = await createServer({
    port: 0,
    log: false,
    store: createStore({ seed: 1 }),
    defaultFormat: 'json',
    clock: () => now,
    ...options,
  })
  // A test may have closed it already (a graceful stop is what some of them check).
  onTestFinished(async () => {
    if (server.server.listening) await server.close()
  })
  return server
}

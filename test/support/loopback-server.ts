import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A node:http server on 127.0.0.1, at a port of its own: a fake upstream for a test. */
export interface LoopbackServer {
  readonly url: string
  /** Closes it, its kept-alive connections too. */
  close(): Promise<void>
}

/**
 * Starts `handler` on 127.0.0.1 at a free port.
 * @example const cms = await listenOnLoopback((req, res) => res.end('ok')); await cms.close()
 */
export async function listenOnLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

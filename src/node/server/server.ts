import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type { Mock } from '../../mock/index.ts'
import { createApp, mockOf, serveFetch, type AppOptions } from './app.ts'
import { isHostEntry } from './host-check.ts'
import { createRequestLog, fdWriter, fdWriterNow } from './request-log.ts'

export interface ServerOptions extends Omit<AppOptions, 'log'> {
  /** Default 4000; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. It is also a `Host` the server answers, besides `allowedHosts`. */
  host?: string
  /** Where the one-line-per-request log goes; `false` for none. Default stdout. */
  log?: ((line: string) => void) | false
  /**
   * How long a client may take: to send its headers (default 10 s), its whole request (default
   * 30 s), and to stay idle between keep-alive requests (default 5 s). A client that sends a
   * body slowly or stops halfway is cut off after `requestMs`, holding no state: nothing is
   * read into the store before the body is complete.
   */
  timeouts?: { headersMs?: number; requestMs?: number; idleMs?: number }
}

export interface RunningServer {
  /** `http://127.0.0.1:4000`: where the mock answers. */
  readonly url: string
  readonly port: number
  readonly mock: Mock
  readonly server: Server
  /** Stops accepting, lets requests under way finish, then closes idle connections. */
  close(): Promise<void>
}

/**
 * Serves the mock over HTTP with @hono/node-server.
 * @example const { url, close } = await createServer({ port: 0 })
 */
export async function createServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mock = mockOf(options)
  // Our own stdout log is closed with the server: a process that starts many servers (a test
  // suite) keeps no exit listener per closed one.
  const ownLog = options.log === undefined ? createRequestLog(fdWriter(1), fdWriterNow(1)) : null
  const log = options.log === false ? undefined : (options.log ?? ownLog?.log)
  const host = options.host ?? '127.0.0.1'
  // The address or name it listens on is one it is meant to be reached by (as Vite does):
  // `--host 192.168.1.5` serves `Host: 192.168.1.5`. A request without a Host header is read
  // as sent to it too (see createAccessCheck).
  const allowedHosts =
    options.allowedHosts === true
      ? true
      : [...(options.allowedHosts ?? []), ...(isHostEntry(host) ? [host] : [])]
  const app = createApp({
    ...options,
    mock,
    log,
    allowedHosts,
    warn: options.warn ?? ((line) => process.stderr.write(`${line}\n`)),
  })

  const server = await new Promise<Server>((resolve, reject) => {
    const started = serve(
      {
        // The app itself drops the socket for a simulated network fault and sets the reason
        // phrase: no wrapper around it, which would cost a promise per request.
        fetch: serveFetch(app),
        port: options.port ?? 4000,
        hostname: host,
        serverOptions: {
          // Node refuses a headers time-out longer than the request time-out.
          headersTimeout: Math.min(
            options.timeouts?.headersMs ?? 10_000,
            options.timeouts?.requestMs ?? 30_000,
          ),
          requestTimeout: options.timeouts?.requestMs ?? 30_000,
          // Node checks those time-outs only this often (30 s by default), so check often
          // enough for them to hold.
          connectionsCheckingInterval: Math.min(
            1000,
            Math.max(
              50,
              Math.min(
                options.timeouts?.headersMs ?? 10_000,
                options.timeouts?.requestMs ?? 30_000,
              ) / 4,
            ),
          ),
          keepAliveTimeout: options.timeouts?.idleMs ?? 5_000,
          // Node answers 431 for headers past this (and 414-like 431 for long URLs).
          maxHeaderSize: 16 * 1024,
        },
      },
      () => resolve(started as Server),
    ) as Server
    started.once('error', reject)
  })

  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    mock,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          ownLog?.close()
          if (error) reject(error)
          else resolve()
        })
        server.closeIdleConnections()
      }),
  }
}

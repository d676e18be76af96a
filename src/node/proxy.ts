import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { Readable } from 'node:stream'
import { ServiceError, type Fallback, type RequestHost } from '../wire/index.ts'
import type { ProxiedExchange } from './har-entry.ts'
import { heldAnswer } from './held-answer.ts'
import { upstreamHeaders } from './proxy-headers.ts'

export interface ProxyOptions {
  /** The real host: `https://cms.example.com`, or with a path prefix. */
  readonly url: string
  /** How long the upstream may take to start answering, and to stay silent after. */
  readonly timeoutMs: number
  /** Accept a self-signed or otherwise untrusted certificate (`--proxy-insecure`). */
  readonly insecure: boolean
  /** Gets every exchange that was answered whole (`--record`); bodies are kept for it. */
  readonly record?: (exchange: ProxiedExchange) => void
}

/** `--proxy` default time-out: 30 s. */
export const defaultProxyTimeoutMs = 30_000

/**
 * `--proxy <url>`: what the mock does not implement goes to the real host. The request is
 * streamed there and the answer streamed back, never held whole: node:http, not fetch, so that
 * redirects come back as they are, an untrusted certificate can be accepted, and hop-by-hop
 * headers are ours to drop. An upstream that cannot be reached, times out, or breaks off within
 * the first `heldBytes` of its answer is a 502 `BadGateway`; past them the answer streams on,
 * and a break cuts the client's answer off.
 */
export function createProxy(options: ProxyOptions): Fallback {
  const upstream = new URL(options.url)
  const secure = upstream.protocol === 'https:'
  const prefix = upstream.pathname.replace(/\/+$/, '')
  const name = upstream.origin
  return {
    source: 'proxy',
    name: options.url,
    answer: (request, host) =>
      new Promise((resolve) => {
        const target = new URL(request.url)
        const startedAt = Date.now()
        const started = performance.now()
        const sentBody: Buffer[] = []
        const settle = (value: Response | ServiceError): void => resolve(value)
        const fail = (cause: string): void =>
          settle(new ServiceError(502, 'BadGateway', `Failed to reach ${name}: ${cause}`))
        const headers = upstreamHeaders(host, upstream.host, target, clientAddress(host))
        const path = prefix + target.pathname + target.search
        const outgoing = (secure ? httpsRequest : httpRequest)(
          {
            protocol: upstream.protocol,
            hostname: upstream.hostname,
            port: upstream.port,
            method: request.method,
            path,
            headers,
            ...(secure && options.insecure ? { rejectUnauthorized: false } : {}),
          },
          (answer) => {
            const record = options.record
            if (record) {
              const waitMs = performance.now() - started
              const got: Buffer[] = []
              answer.on('data', (chunk: Buffer) => got.push(chunk))
              answer.once('end', () =>
                record({
                  startedAt,
                  waitMs,
                  totalMs: performance.now() - started,
                  method: request.method,
                  url: upstream.origin + path,
                  requestHeaders: headers,
                  requestBody: Buffer.concat(sentBody),
                  status: answer.statusCode ?? 0,
                  statusText: answer.statusMessage ?? '',
                  responseHeaders: answer.rawHeaders,
                  responseBody: Buffer.concat(got),
                }),
              )
            }
            heldAnswer(answer).then(settle, (error: Error) => fail(error.message))
          },
        )
        outgoing.setTimeout(options.timeoutMs, () =>
          outgoing.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
        )
        outgoing.once('error', (error) => fail(error.message))
        if (request.body === null) outgoing.end()
        else {
          const body = Readable.fromWeb(request.body as never)
          if (options.record) body.on('data', (chunk: Buffer) => sentBody.push(chunk))
          body.pipe(outgoing)
        }
      }),
  }
}

function clientAddress(host: RequestHost): string {
  return host.clientAddress ?? '127.0.0.1'
}

import { Readable } from 'node:stream'
import type { Dispatcher, Pool } from 'undici'
import { ServiceError, type Fallback, type RequestHost } from '../../wire/index.ts'
import type { ProxiedExchange } from './har-entry.ts'
import { keepCopy } from './kept-copy.ts'
import { forwardedHeaders, headerPairs, requestTarget, upstreamHeaders } from './proxy-headers.ts'
import { upstreamAnswer } from './upstream-answer.ts'

export interface ProxyOptions {
  /** The real host: `https://cms.example.com`, or with a path prefix. */
  readonly url: string
  /** How long the upstream may take to start answering, and to stay silent after. */
  readonly timeoutMs: number
  /** Accept a self-signed or otherwise untrusted certificate (`--proxy-insecure`). */
  readonly insecure: boolean
  /** Gets every exchange that was answered whole (`--record`); bodies are kept for it. */
  readonly record?: (exchange: ProxiedExchange) => void
  /** The most of an answer's body kept for `record` (`--record-max-body`); past it, its size. */
  readonly recordMaxBytes?: number
  /** The file `record` writes and its entries now, for `/__mock/settings`. */
  readonly recording?: Fallback['recording']
}

/** `--record-max-body` default: 1 MiB of each body. */
export const defaultRecordMaxBytes = 1024 * 1024

/** `--proxy` default time-out: 30 s. */
export const defaultProxyTimeoutMs = 30_000

/** Request bodies of a known length up to this are read whole; others stream to the upstream. */
const wholeBodyBytes = 64 * 1024

/**
 * `--proxy <url>`: what the mock does not implement goes to the real host, through a pool of
 * kept-alive undici connections. undici's dispatch hands the answer over as callbacks, with no
 * stream objects for a small body: half the work per request of node:http's client and web
 * streams (docs/performance.md). Redirects come back as they are, and an untrusted certificate
 * is accepted when told to. An upstream that cannot be reached, or breaks off within the first
 * `heldBytes` of its answer, is a 502 `BadGateway`, and one whose head does not come within the
 * time-out a 504 `GatewayTimeout`; past `heldBytes`, or once the time-out has passed with the
 * head there, the answer streams on, and a break cuts the client's answer off.
 */
export function createProxy(options: ProxyOptions): Fallback {
  const upstream = new URL(options.url)
  const prefix = upstream.pathname.replace(/\/+$/, '')
  const name = upstream.origin
  // undici loads with the first forwarded request: a mock without --proxy never pays for it.
  // Once it has, the pool is taken as it is, with no promise to wait for on each request.
  let pool: Pool | undefined
  let loading: Promise<Pool> | undefined
  const poolOf = (): Promise<Pool> =>
    (loading ??= import('undici').then(
      ({ Pool }) =>
        (pool = new Pool(upstream.origin, {
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          connect: { rejectUnauthorized: !options.insecure },
        })),
    ))
  return {
    source: 'proxy',
    name: options.url,
    ...(options.recording ? { recording: options.recording } : {}),
    async answer(request, host, body) {
      const target = requestTarget(request.url)
      const startedAt = Date.now()
      const headers = upstreamHeaders(host, upstream.host, target, clientAddress(host))
      const path = prefix + forwardedPath(target.pathAndQuery)
      // Through the request's one reader: the method override may have read a form already.
      const given = await body.forwarded(hasSmallBody(host))
      const sent =
        given instanceof Uint8Array
          ? Buffer.from(given.buffer, given.byteOffset, given.byteLength)
          : null
      const record = options.record
      const maxBytes = options.recordMaxBytes ?? defaultRecordMaxBytes
      // A streamed request body is copied for --record as it goes, up to the cap.
      const upload =
        record && given && !(given instanceof Uint8Array) ? keepCopy(given, maxBytes) : undefined
      const { handler, answer } = upstreamAnswer({
        holdMs: options.timeoutMs,
        cutOff: (error) => host.cutOff?.(`${name} broke off (${error.message})`) ?? false,
        keep: record && {
          maxBytes,
          done: ({ bytes, totalBytes }, got) => {
            const uploaded = upload?.kept() ?? { bytes: sent, totalBytes: sent?.length ?? 0 }
            record({
              startedAt,
              waitMs: got.waitMs,
              totalMs: Date.now() - startedAt,
              method: request.method,
              url: upstream.origin + path,
              requestHeaders: headers,
              requestBody: uploaded.totalBytes <= maxBytes ? uploaded.bytes : null,
              requestSize: uploaded.totalBytes,
              status: got.status,
              statusText: got.statusText,
              responseHeaders: headerPairs(got.headers),
              responseBody: bytes,
              responseSize: totalBytes,
            })
          },
        },
      })
      ;(pool ?? (await poolOf())).dispatch(
        {
          method: request.method as Dispatcher.HttpMethod,
          path,
          headers,
          body: sent ?? (given && Readable.fromWeb((upload?.stream ?? given) as never)),
        },
        handler,
      )
      try {
        const { status, statusText, headers: answerHeaders, body } = await answer
        return {
          status,
          statusText,
          ...forwardedHeaders(answerHeaders),
          // These statuses carry no body in a Response.
          body: status === 204 || status === 205 || status === 304 ? null : body,
        }
      } catch (error) {
        // Nothing came within the time-out: a gateway's 504, as nginx answers it.
        return timedOut(error)
          ? new ServiceError(
              504,
              'GatewayTimeout',
              `Failed to reach ${name}: no answer within ${options.timeoutMs} ms`,
            )
          : new ServiceError(
              502,
              'BadGateway',
              `Failed to reach ${name}: ${causeOf(error, options.timeoutMs)}`,
            )
      }
    },
  }
}

/**
 * The path and query to forward, its path with encoded slashes and dots decoded and its dot
 * segments resolved: `/RestApi/..%2f..%2fadmin` is `/admin`. A host (IIS among them) may decode
 * `%2f` itself and then resolve the `..`, which would reach past the `--proxy` URL's path; the
 * mock forwards what the host would read, within that path. The query is left as it came.
 */
export function forwardedPath(pathAndQuery: string): string {
  const queryAt = pathAndQuery.indexOf('?')
  const path = queryAt < 0 ? pathAndQuery : pathAndQuery.slice(0, queryAt)
  if (!/%(?:2f|5c|2e)|\\|\/\.|^\.|\.$/i.test(path)) return pathAndQuery
  const decoded = path
    .replace(/%2f|%5c/gi, '/')
    .replace(/%2e/gi, '.')
    .replaceAll('\\', '/')
  const resolved = new URL(decoded, 'http://host').pathname
  return queryAt < 0 ? resolved : resolved + pathAndQuery.slice(queryAt)
}

/** A request body of a known, small length: read whole, with no stream between. */
function hasSmallBody(host: RequestHost): boolean {
  const length = host.header('content-length')
  return (
    length !== null && Number(length) <= wholeBodyBytes && host.header('transfer-encoding') === null
  )
}

/** undici gave up waiting for the upstream's head. */
function timedOut(error: unknown): boolean {
  return (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT'
}

function causeOf(error: unknown, timeoutMs: number): string {
  const code = (error as { code?: string }).code
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return `no answer within ${timeoutMs} ms`
  return error instanceof Error ? error.message : String(error)
}

function clientAddress(host: RequestHost): string {
  return host.clientAddress ?? '127.0.0.1'
}

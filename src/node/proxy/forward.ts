import { Readable } from 'node:stream'
import type { Dispatcher } from 'undici'
import type { FallbackAnswer, RequestBody, RequestHost, ServiceError } from '../../wire/index.ts'
import { answerOf } from './gateway-answer.ts'
import type { ProxiedExchange } from './har-entry.ts'
import { keepCopy } from './kept-copy.ts'
import { headerPairs, requestTarget, upstreamHeaders } from './proxy-headers.ts'
import { defaultRecordMaxBytes, poolOf, type ProxyState } from './proxy-state.ts'
import { upstreamAnswer, type KeptBody, type UpstreamAnswer } from './upstream-answer.ts'

/** Request bodies of a known length up to this are read whole; others stream to the upstream. */
const wholeBodyBytes = 64 * 1024

/** One request on its way to the upstream: what `--record` keeps of it once answered. */
interface Forwarded {
  readonly startedAt: number
  readonly method: string
  readonly url: string
  readonly headers: readonly string[]
  /** The body read whole, or null when it streams (`upload`) or there is none. */
  readonly sent: Buffer | null
  readonly upload: { kept(): KeptBody } | undefined
  readonly maxBytes: number
}

export async function forward(
  proxy: ProxyState,
  request: Request,
  host: RequestHost,
  body: RequestBody,
): Promise<FallbackAnswer | ServiceError> {
  const { options, upstream } = proxy
  const target = requestTarget(request.url)
  const startedAt = Date.now()
  const headers = upstreamHeaders(host, upstream.host, target, clientAddress(host))
  const path = proxy.prefix + forwardedPath(target.pathAndQuery)
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
  const forwarded: Forwarded = {
    startedAt,
    method: request.method,
    url: upstream.origin + path,
    headers,
    sent,
    upload,
    maxBytes,
  }
  const { handler, answer } = upstreamAnswer({
    holdMs: options.timeoutMs,
    cutOff: (error) => host.cutOff?.(`${proxy.name} broke off (${error.message})`) ?? false,
    keep: record && {
      maxBytes,
      done: (kept, got) => record(recordedExchange(forwarded, kept, got)),
    },
  })
  ;(proxy.pool ?? (await poolOf(proxy))).dispatch(
    {
      method: request.method as Dispatcher.HttpMethod,
      path,
      headers,
      body: sent ?? (given && Readable.fromWeb((upload?.stream ?? given) as never)),
    },
    handler,
  )
  return answerOf(proxy, answer)
}

/** The exchange `--record` gets once the upstream's answer has ended. */
function recordedExchange(
  forwarded: Forwarded,
  { bytes, totalBytes }: KeptBody,
  got: UpstreamAnswer,
): ProxiedExchange {
  const { sent, maxBytes, startedAt } = forwarded
  const uploaded = forwarded.upload?.kept() ?? { bytes: sent, totalBytes: sent?.length ?? 0 }
  return {
    startedAt,
    waitMs: got.waitMs,
    totalMs: Date.now() - startedAt,
    method: forwarded.method,
    url: forwarded.url,
    requestHeaders: forwarded.headers,
    requestBody: uploaded.totalBytes <= maxBytes ? uploaded.bytes : null,
    requestSize: uploaded.totalBytes,
    status: got.status,
    statusText: got.statusText,
    responseHeaders: headerPairs(got.headers),
    responseBody: bytes,
    responseSize: totalBytes,
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

function clientAddress(host: RequestHost): string {
  return host.clientAddress ?? '127.0.0.1'
}

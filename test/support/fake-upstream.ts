import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { createGzip } from 'node:zlib'

// A stand-in for the real CMS behind `--proxy`, for the fuzz and hostile-load runs and for tests:
// a node:http server on 127.0.0.1 answering a few routes as a ServiceStack host does (JSON with
// `/Date()/` dates, errors as a ResponseStatus), and answers meant to hurt a proxy: huge bodies
// streamed with back-pressure, gzip bombs, answers that break off, heads that come late, many
// Set-Cookie headers and redirects. It keeps a bounded log of what it received, so a run can check
// that none of the mock's own controls reached it. No state but that log; nothing module-global.
// `node test/support/fake-upstream.ts` runs it alone, printing `listening <port>`.

/** One request the upstream received, as it came. */
export interface ReceivedRequest {
  readonly method: string
  readonly url: string
  /** Names and values in turn, as sent. */
  readonly rawHeaders: readonly string[]
  /** The body's size in bytes; the bytes themselves are not kept. */
  readonly bodyBytes: number
  /** The request's `X-Fuzz-Id`, which the fuzzing sends to find it here again. */
  readonly fuzzId: string | null
}

/** What reached the upstream that should not have: one of the mock's own controls. */
export interface ControlLeak {
  readonly url: string
  readonly fuzzId: string | null
  /** What leaked: `X-Mock-Session`, `cookie restapi-mock-session`, `?__delay`, `Prefer code=`. */
  readonly control: string
}

export interface ReceivedLog {
  /** The most recent requests, oldest first (up to `keep`). */
  readonly recent: readonly ReceivedRequest[]
  /** Every request received since the start or the last reset. */
  readonly total: number
  /** Every control that reached the upstream (the first 50 kept whole, then counted). */
  readonly leaks: readonly ControlLeak[]
  readonly leakCount: number
}

export interface FakeUpstream {
  readonly url: string
  readonly port: number
  received(): ReceivedLog
  /** The requests received with this `X-Fuzz-Id` (among the recent ones). */
  receivedWith(fuzzId: string): readonly ReceivedRequest[]
  reset(): void
  close(): Promise<void>
}

export interface FakeUpstreamOptions {
  /** How many recent requests to keep (default 2000). */
  readonly keep?: number
}

/** The largest huge answer or gzip bomb the upstream makes, in MiB: bounds every run. */
export const maxUpstreamMb = 1024

/** The ServiceStack date of 2026-11-26T00:00:00Z, as its JSON writes dates. */
const modified = '/Date(1795737600000+0000)/'

/** The mock's own controls, which must never reach the upstream (issue 26, point 3). */
export function controlsIn(request: {
  readonly url: string
  readonly rawHeaders: readonly string[]
}): string[] {
  const found: string[] = []
  const query = new URL(request.url, 'http://upstream').searchParams
  for (const name of ['__session', '__delay', '__code', '__fault'])
    if (query.has(name)) found.push(`?${name}`)
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = (request.rawHeaders[i] ?? '').toLowerCase()
    const value = request.rawHeaders[i + 1] ?? ''
    if (name === 'x-mock-session') found.push('X-Mock-Session')
    if (name === 'cookie' && /(?:^|;)\s*restapi-mock-session\s*=/.test(value))
      found.push('cookie restapi-mock-session')
    if (name === 'prefer') {
      for (const directive of ['code', 'delay', 'fault'])
        if (new RegExp(`(?:^|[,;\\s])${directive}\\s*=`, 'i').test(value))
          found.push(`Prefer ${directive}=`)
    }
  }
  return found
}

const json = { 'Content-Type': 'application/json; charset=utf-8' }

function serviceError(response: ServerResponse, status: number, code: string, message: string) {
  response.writeHead(status, json)
  response.end(
    JSON.stringify({ ResponseStatus: { ErrorCode: code, Message: message, Errors: [] } }),
  )
}

function page(id: string): object {
  return { Id: id, Title: `Page ${id}`, Modified: modified, Created: modified, Tags: ['a', 'b'] }
}

/** A whole number from the query, bounded: what the caller asked, within what a run allows. */
function bounded(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = Number(query.get(name) ?? fallback)
  return Number.isFinite(value) ? Math.min(Math.max(0, Math.floor(value)), max) : fallback
}

/** Writes `bytes` in 64 KiB chunks, waiting for `drain` as a well-behaved server does. */
async function streamBytes(response: ServerResponse, bytes: number, fill: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, fill)
  let left = bytes
  while (left > 0 && !response.destroyed) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left)
    left -= part.length
    if (!response.write(part)) {
      // Whichever comes first; both listeners go, so a long download adds none per chunk.
      await new Promise<void>((resolve) => {
        const done = (): void => {
          response.off('drain', done)
          response.off('close', done)
          resolve()
        }
        response.on('drain', done)
        response.on('close', done)
      })
    }
  }
  response.end()
}

/** `mb` MiB of zeros, gzipped once per size (about 1 KB per MiB) and kept for the next. */
async function gzipBomb(cache: Map<number, Buffer>, mb: number): Promise<Buffer> {
  const cached = cache.get(mb)
  if (cached) return cached
  const gzip = createGzip({ level: 9 })
  const parts: Buffer[] = []
  gzip.on('data', (part: Buffer) => parts.push(part))
  const zeros = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < mb; i++) if (!gzip.write(zeros)) await once(gzip, 'drain')
  gzip.end()
  await once(gzip, 'end')
  const bomb = Buffer.concat(parts)
  cache.set(mb, bomb)
  return bomb
}

/** Cookies a CMS sets at login, prefixed ones included, then `n` more. */
function cookies(n: number): string[] {
  const list = [
    'ss-id=abc; Path=/; HttpOnly',
    'ss-pid=def; Domain=cms.example.com; Path=/; Expires=Fri, 01 Jan 2027 00:00:00 GMT; HttpOnly',
    '__Host-sid=ghi; Path=/; Secure; HttpOnly; SameSite=Strict',
    '__Secure-token=jkl; Domain=cms.example.com; Path=/; Secure',
    'chips=mno; Path=/; Secure; Partitioned; SameSite=None',
    'bare',
    '=novalue; Path=/',
    'semi=;;;; Secure',
  ]
  for (let i = 0; i < n; i++) list.push(`c${i}=${'v'.repeat(i % 50)}; Path=/; Max-Age=60`)
  return list
}

type Route = (
  request: IncomingMessage,
  response: ServerResponse,
  query: URLSearchParams,
  body: Buffer,
) => void | Promise<void>

/**
 * Starts the fake upstream on a free port of 127.0.0.1. Its routes (any path prefix before them,
 * so `/RestApi/pages/home` and `/pages/home` are the same):
 * - `GET pages/<id>`: a page as JSON with `/Date()/` dates; `pages/missing` is a 404 NotFound;
 * - `json/reply/GetPage`: the same page;
 * - `POST auth`: a login (JSON or form), answered with a bearer token and cookies, or 401;
 * - `echo`: what came (method, path, body size, content type) as JSON;
 * - `status/<code>`: that status, with a ResponseStatus body (the upstream's own 5xx);
 * - `cookies?n=`: many Set-Cookie headers, `__Host-`, `__Secure-` and `Partitioned` ones among them;
 * - `redirect?to=`: a 302 to `to` (another site too);
 * - `huge?kb=|mb=`: that many bytes with a Content-Length, streamed with back-pressure;
 * - `gzip-bomb?mb=`: that many MiB of zeros, gzipped (Content-Encoding: gzip);
 * - `break?after=[&chunked]`: a head promising twice `after` bytes (or chunked), `after` bytes,
 *   then the socket dies;
 * - `slow-head?ms=`: the head only after `ms`;
 * - `/__upstream/received`: the log of what came, as JSON; `/__upstream/reset` clears it.
 */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const keep = options.keep ?? 2000
  let recent: ReceivedRequest[] = []
  let total = 0
  let leaks: ControlLeak[] = []
  let leakCount = 0
  const bombs = new Map<number, Buffer>()
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()

  const log = (): ReceivedLog => ({ recent, total, leaks, leakCount })
  const reset = (): void => {
    recent = []
    total = 0
    leaks = []
    leakCount = 0
  }

  const routes: Record<string, Route> = {
    pages(request, response) {
      const id = decodeURIComponent((request.url ?? '').split('?')[0]?.split('/').pop() ?? '')
      if (id === 'missing') return serviceError(response, 404, 'NotFound', `Page '${id}' not found`)
      response.writeHead(200, json).end(JSON.stringify(page(id)))
    },
    GetPage(_request, response, query) {
      response.writeHead(200, json).end(JSON.stringify(page(query.get('Id') ?? 'home')))
    },
    auth(request, response, _query, body) {
      const text = body.toString('utf8')
      const type = request.headers['content-type'] ?? ''
      let user: unknown
      try {
        user = /json/i.test(type)
          ? (JSON.parse(text) as { UserName?: unknown }).UserName
          : new URLSearchParams(text).get('UserName')
      } catch {
        user = undefined
      }
      if (typeof user !== 'string' || user === '')
        return serviceError(response, 401, 'Unauthorized', 'Invalid UserName or Password')
      response.setHeader('Set-Cookie', cookies(0))
      response.writeHead(200, json).end(
        JSON.stringify({
          UserId: '1',
          SessionId: 'session-1',
          UserName: user,
          BearerToken: 'eyJhbGciOi.bearer',
          RefreshToken: 'refresh-1',
          ResponseStatus: {},
        }),
      )
    },
    echo(request, response, query, body) {
      response.writeHead(200, json).end(
        JSON.stringify({
          Method: request.method,
          Path: (request.url ?? '').split('?')[0],
          Query: Object.fromEntries(query),
          Bytes: body.length,
          ContentType: request.headers['content-type'] ?? null,
          Modified: modified,
        }),
      )
    },
    status(request, response) {
      const code = Number((request.url ?? '').split('?')[0]?.split('/').pop())
      const status = Number.isInteger(code) && code >= 200 && code <= 599 ? code : 400
      if (status < 400) return void response.writeHead(status, json).end('{}')
      serviceError(response, status, `Upstream${status}`, `The upstream answered ${status}`)
    },
    cookies(_request, response, query) {
      response.setHeader('Set-Cookie', cookies(bounded(query, 'n', 20, 500)))
      response.writeHead(200, json).end('{}')
    },
    redirect(_request, response, query) {
      const to = query.get('to') ?? '/RestApi/pages/home'
      response.writeHead(302, { Location: to.replace(/[\r\n]/g, '') }).end()
    },
    async huge(_request, response, query) {
      const bytes = query.has('mb')
        ? bounded(query, 'mb', 1, maxUpstreamMb) * 1024 * 1024
        : bounded(query, 'kb', 1024, maxUpstreamMb * 1024) * 1024
      response.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(bytes),
      })
      await streamBytes(response, bytes, 0x61)
    },
    async 'gzip-bomb'(_request, response, query) {
      const bomb = await gzipBomb(bombs, bounded(query, 'mb', 100, maxUpstreamMb))
      response.writeHead(200, {
        'Content-Type': query.get('type') ?? 'application/octet-stream',
        'Content-Encoding': 'gzip',
        'Content-Length': String(bomb.length),
      })
      response.end(bomb)
    },
    break(_request, response, query) {
      const after = bounded(query, 'after', 1000, 64 * 1024 * 1024)
      // `chunked`: no Content-Length, so only the missing last chunk tells the answer broke.
      response.writeHead(200, {
        'Content-Type': 'application/json',
        ...(query.has('chunked') ? {} : { 'Content-Length': String(after * 2 + 1) }),
      })
      response.write(Buffer.alloc(after, 0x20), () => response.socket?.destroy())
    },
    'slow-head'(_request, response, query) {
      const timer = setTimeout(
        () => {
          timers.delete(timer)
          if (!response.destroyed) response.writeHead(200, json).end('{"Late":true}')
        },
        bounded(query, 'ms', 1000, 60_000),
      )
      timers.add(timer)
      response.once('close', () => {
        clearTimeout(timer)
        timers.delete(timer)
      })
    },
  }

  const server: Server = createServer(async (request, response) => {
    const url = request.url ?? '/'
    const [path = '/', search = ''] = url.split('?', 2)
    const query = new URLSearchParams(search)
    if (path === '/__upstream/received')
      return void response.writeHead(200, json).end(JSON.stringify(log()))
    if (path === '/__upstream/reset') {
      reset()
      return void response.writeHead(204).end()
    }
    // Read the body, counting its bytes; only a login's (small) body is kept, to read it.
    const chunks: Buffer[] = []
    let bodyBytes = 0
    try {
      for await (const chunk of request) {
        bodyBytes += (chunk as Buffer).length
        if (bodyBytes <= 64 * 1024) chunks.push(chunk as Buffer)
      }
    } catch {
      return // the mock went away mid-body: nothing to answer
    }
    const fuzzId = request.headers['x-fuzz-id']
    const received: ReceivedRequest = {
      method: request.method ?? '',
      url,
      rawHeaders: request.rawHeaders,
      bodyBytes,
      fuzzId: typeof fuzzId === 'string' ? fuzzId : null,
    }
    total++
    recent.push(received)
    if (recent.length > keep) recent = recent.slice(-Math.ceil(keep / 2))
    for (const control of controlsIn(received)) {
      leakCount++
      if (leaks.length < 50) leaks.push({ url, fuzzId: received.fuzzId, control })
    }
    const segments = path.split('/').filter(Boolean)
    // `pages/<id>` and `status/<code>` are named by their second-to-last segment.
    const name =
      segments.length >= 2 && ['pages', 'status'].includes(segments.at(-2) ?? '')
        ? (segments.at(-2) as string)
        : (segments.at(-1) ?? '')
    const route = Object.hasOwn(routes, name) ? routes[name] : undefined
    if (!route) return serviceError(response, 404, 'NotFound', `Handler for Request not found`)
    try {
      await route(request, response, query, Buffer.concat(chunks))
    } catch (error) {
      if (!response.headersSent) serviceError(response, 500, 'Exception', String(error))
      else response.destroy()
    }
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received: log,
    receivedWith: (fuzzId) => recent.filter((request) => request.fuzzId === fuzzId),
    reset,
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, 'close')
    },
  }
}

if (import.meta.main) {
  const upstream = await startFakeUpstream()
  // The parent reads the port from this line (bench/processes.ts).
  process.stdout.write(`listening ${upstream.port}\n`)
  const stop = (): void => void upstream.close().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

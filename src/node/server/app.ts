import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import {
  type Answer,
  type Answered,
  type Exchange,
  type HeaderName,
  internalErrorAnswer,
  notFoundAnswer,
  headerListOf,
  headerMapOf,
  toResponse,
  withAnswerHeaders,
} from '../../wire/index.ts'
import { createAccessCheck } from './access-check.ts'
import { createLargeBodies } from './large-bodies.ts'
import { corsHeaders, isPreflight, preflightResponse } from './cors.ts'
import { NetworkFault } from './network-fault.ts'
import { NodeRequestHost } from './node-request-host.ts'
import { formatFaultLine, formatLogLine } from './log-line.ts'
import { workerNotice } from './worker-notice.ts'
import { mockOf, type AppEnv, type AppOptions } from './mock-of.ts'

export { mockOf, type AppEnv, type AppOptions } from './mock-of.ts'

/**
 * The Hono app: every request goes straight to the mock's dispatch (the same resolvers as the
 * msw handlers, without msw's per-request cost); only the user's extra handlers go through
 * msw's `getResponse`. One route and no middleware: each layer costs on every request.
 * @example const res = await createApp().request('/RestApi/ab-testing', { method: 'PUT' })
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const mock = mockOf(options)
  const extra = options.handlers ? [...options.handlers] : []
  const cors = options.cors !== false
  const log = options.log
  const onMiss = options.onMiss ?? 'warn'
  const refusal = createAccessCheck({
    cors,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    sessionExists: (id) => mock.sessions.peek(id) !== mock.sessions.shared,
  })
  // Large bodies read side by side and answered one at a time: a slow sender holds no one
  // back, and small requests never wait behind several large bodies being bound.
  const largeBodies = createLargeBodies({
    ...options.largeBodies,
    limitBytes: mock.config.limits.bodyBytes,
  })
  const app = new Hono<AppEnv>()
  const noticeWorker = options.warn ? workerNotice(options.warn) : undefined

  app.all('*', async (c) => {
    const request = c.req.raw
    const started = log ? performance.now() : 0
    const incoming = c.env?.incoming
    // Every header read once, for the checks here and the request's record alike.
    const rawHeaders = incoming?.rawHeaders ?? headerListOf(request.headers)
    const headers = headerMapOf(rawHeaders)
    const header = (name: HeaderName): string | null => headers.get(name) ?? null
    noticeWorker?.(header)
    const origin = header('origin')
    // A refused request gets its 403 before anything runs: no operation, no journal entry.
    let response = refusal(request, header, origin)
    let exchange: Exchange | null = null
    // The answer the mock wrote, when it wrote the response: its reason phrase is read there.
    let written: Answer | null = null
    // Only a browser's preflight is answered here; any other OPTIONS is routed like any verb,
    // to the real host's 404 (it has no CorsFeature; issue 30, N19).
    if (!response && cors && origin !== null && isPreflight(request.method, header)) {
      response = preflightResponse(request, origin)
    } else if (!response) {
      const host = new NodeRequestHost({
        request,
        headers,
        rawHeaders,
        clientAddress: incoming?.socket.remoteAddress,
        answerHeaders: cors && origin !== null ? corsHeaders(origin) : undefined,
        socket: incoming?.socket,
        log,
      })
      // What the dispatch got: the request, or the same with its large body read whole.
      let sent = request
      const answer = (whole: Request): Promise<Answered | undefined> =>
        mock.answer((sent = whole), host)
      const answered = largeBodies.takes(request, host)
        ? await largeBodies.run(request, host, answer)
        : await answer(request)
      response = answered?.response
      exchange = answered?.exchange ?? null
      written = exchange?.answer ?? null
      // A request no route took goes to the user's own handlers too, before the mock's 404.
      if ((!response || answered?.unmatched) && extra.length > 0) {
        // msw is loaded only for a user's own handlers: the mock itself never needs it here.
        const { getResponse } = await import('msw')
        const own = await getResponse(extra, sent)
        if (own) {
          response = withAnswerHeaders(own, host.answerHeaders)
          exchange = null
          written = null
        }
      }
      const miss = exchange?.miss
      if (miss !== undefined && onMiss === 'error') {
        return dropConnection(
          c.env,
          request,
          `near miss, connection dropped (--on-miss error): ${miss}`,
        )
      }
      if (miss !== undefined && onMiss === 'off') {
        written = notFoundAnswer()
        response = toResponse(written, host.answerHeaders)
        exchange = null
      }
      if (!response) {
        written = notFoundAnswer()
        response = toResponse(written, host.answerHeaders)
      }
      // `Response.error()` (status 0) is a network error, the mock's simulated fault or a user
      // handler's `HttpResponse.error()`, as msw fails the fetch in a browser; `.type` would
      // cost a full Response.
      if (response.status === 0) {
        return dropConnection(c.env, request, 'network fault (connection dropped)')
      }
    }
    log?.(formatLogLine(request, response, performance.now() - started, exchange))
    return withReasonPhrase(c.env, response, written)
  })
  /**
   * A simulated network fault. On the Node server the client sees the connection drop (the
   * answer returned is never sent); without a socket (`app.request()`), the call fails, as a
   * fetch does.
   */
  const dropConnection = (
    env: Partial<HttpBindings> | undefined,
    request: Request,
    why: string,
  ): Response => {
    const socket = env?.incoming?.socket
    if (!socket) throw new NetworkFault()
    socket.destroy()
    log?.(formatFaultLine(request, why))
    return new Response(null, { status: 500 })
  }
  app.onError((error, c) => {
    if (error instanceof NetworkFault) throw error
    const request = c.req.raw
    const origin = request.headers.get('origin')
    const headers =
      cors && origin !== null && !refusal(request, (name) => request.headers.get(name), origin)
        ? corsHeaders(origin)
        : undefined
    const failed = internalErrorAnswer(error)
    const response = toResponse(failed, headers)
    log?.(formatLogLine(c.req.raw, response, 0))
    return withReasonPhrase(c.env, response, failed)
  })
  return app
}

/**
 * The reason phrase of a service error is its ErrorCode (`400 ArgumentException`): on the Node
 * server, a statusMessage set before the head is written is kept. Only errors carry a phrase of
 * their own. It is read from the answer the mock wrote where there is one: reading
 * `statusText` turns @hono/node-server's light Response into a full one, whose headers go out
 * lower-cased, so errors would be sent with other header names than successes (issue 30, C10).
 */
function withReasonPhrase(
  env: Partial<HttpBindings> | undefined,
  response: Response,
  written: Answer | null,
): Response {
  const outgoing = env?.outgoing
  if (!outgoing || response.status < 400) return response
  const phrase = written ? written.statusText : response.statusText
  if (phrase) outgoing.statusMessage = phrase
  return response
}

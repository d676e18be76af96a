import type { HttpBindings } from '@hono/node-server'
import type { Socket } from 'node:net'
import { Hono } from 'hono'
import {
  RequestRecord,
  headerListOf,
  headerMapOf,
  internalErrorAnswer,
  toResponse,
  type Answer,
  type Answered,
  type Answerer,
} from '../../wire/index.ts'
import type { Mock } from '../../mock/index.ts'
import { createAccessCheck, type AccessCheck } from './access-check.ts'
import { corsHeaders } from './cors.ts'
import { accessStage, largeBodiesStage, logStage } from './edge-stages.ts'
import { headAnswer } from './head-answer.ts'
import { createLargeBodies } from './large-bodies.ts'
import { NetworkFault } from './network-fault.ts'
import { formatFaultLine, formatLogLine } from './log-line.ts'
import { workerNotice } from './worker-notice.ts'
import { mockOf, type AppEnv, type AppOptions } from './mock-of.ts'

export { mockOf, type AppEnv, type AppOptions } from './mock-of.ts'

/**
 * The Hono app: every request goes straight to the mock's pipeline (wire/pipeline.ts: the same
 * as the msw handlers', without msw's per-request cost), with the server's own stages, the
 * access checks and the request log, among the mock's; only the user's extra handlers go
 * through msw's `getResponse`. One route and no middleware: each layer costs on every request.
 * @example const res = await createApp().request('/RestApi/ab-testing', { method: 'PUT' })
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const mock = mockOf(options)
  const parts = appParts(options, mock)
  const app = new Hono<AppEnv>()
  app.all('*', (c) => answerOne(parts, c.req.raw, c.env))
  app.onError((error, c) => {
    if (error instanceof NetworkFault) throw error
    const request = c.req.raw
    const origin = request.headers.get('origin')
    const headers = { header: (name: string) => request.headers.get(name) }
    const allowed = parts.cors && origin !== null && !parts.check(request, headers, origin)
    const failed = internalErrorAnswer(error)
    const response = toResponse(failed, allowed ? corsHeaders(origin) : undefined)
    options.log?.(formatLogLine(request, response, 0))
    return withReasonPhrase(c.env, response, failed)
  })
  return app
}

/**
 * The app as @hono/node-server calls it. Only a HEAD answer is rewritten, for its header
 * names (head-answer.ts): no wrapper around the others, which would cost a promise each.
 */
export function serveFetch(app: Hono<AppEnv>): Hono<AppEnv>['fetch'] {
  return (request, env) =>
    request.method === 'HEAD' ? headAnswer(app.fetch(request, env)) : app.fetch(request, env)
}

/** What every request of one app reads: made once. */
interface AppParts {
  readonly answer: Answerer
  readonly check: AccessCheck
  readonly cors: boolean
  readonly log: ((line: string) => void) | undefined
  readonly noticeWorker: (() => void) | undefined
}

function appParts(options: AppOptions, mock: Mock): AppParts {
  const cors = options.cors !== false
  const log = options.log
  const extra = options.handlers ? [...options.handlers] : []
  const check = createAccessCheck({
    cors,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    sessionExists: (id) => mock.sessions.peek(id) !== mock.sessions.shared,
  })
  // Large bodies read side by side and answered one at a time: a slow sender holds no one
  // back, and small requests never wait behind several large bodies being bound.
  const limitBytes = mock.config.limits.bodyBytes
  const largeBodies = createLargeBodies({ ...options.largeBodies, limitBytes })
  const stages = [
    accessStage({ check, cors }),
    largeBodiesStage({ largeBodies, limitBytes }),
    ...(log ? [logStage(log)] : []),
  ]
  // A request no route took goes to the user's own handlers too, before the mock's 404. msw is
  // loaded only for them: the mock itself never needs it here.
  const own =
    extra.length === 0
      ? undefined
      : async (request: Request) => (await import('msw')).getResponse(extra, request)
  const answer = mock.answerWith([], { stages, last: { own, onMiss: options.onMiss ?? 'warn' } })
  const noticeWorker = options.warn ? workerNotice(options.warn) : undefined
  return { answer, check, cors, log, noticeWorker }
}

/** One request over HTTP: its record, the pipeline, and what the connection does with the answer. */
async function answerOne(
  parts: AppParts,
  request: Request,
  env: Partial<HttpBindings> | undefined,
): Promise<Response> {
  const incoming = env?.incoming
  const { cors, log } = parts
  const record = nodeRecord({
    request,
    socket: incoming?.socket,
    rawHeaders: incoming?.rawHeaders,
    cors,
    log,
  })
  if (parts.noticeWorker && record.headers.has('x-mock-worker')) parts.noticeWorker()
  // The app's answerer answers everything (its `last` answers): never undefined here.
  const { response, exchange, written } = (await parts.answer(request, record)) as Answered
  // `Response.error()` (status 0) is a network error, the mock's simulated fault or a user
  // handler's `HttpResponse.error()`, as msw fails the fetch in a browser: the connection is
  // dropped (the log stage said why). `.type` would cost a full Response.
  if (response.status === 0) return dropConnection(env)
  return withReasonPhrase(env, response, exchange?.answer ?? written ?? null)
}

/** What the Node server knows of a request besides the Request itself. */
export interface NodeRequestFacts {
  readonly request: Request
  /** Node's `incoming.rawHeaders`, when the request came over a socket. */
  readonly rawHeaders?: readonly string[] | undefined
  /** The connection it came on, and the request log, which says why it was cut off. */
  readonly socket?: Socket | undefined
  readonly log?: ((line: string) => void) | undefined
  /** Whether answers carry the CORS headers of the request's origin. */
  readonly cors?: boolean
}

/**
 * A request's record as the Node server makes it (wire/request-record.ts): every header read in
 * one pass from Node's raw list when there is one, the CORS headers of its origin for every
 * answer, and a way to cut its socket off.
 */
export function nodeRecord({
  request,
  rawHeaders,
  socket,
  log,
  cors,
}: NodeRequestFacts): RequestRecord {
  const list = rawHeaders ?? headerListOf(request.headers)
  const headers = headerMapOf(list)
  const origin = headers.get('origin')
  return new RequestRecord(request, {
    headers,
    rawHeaders: list,
    clientAddress: socket?.remoteAddress,
    answerHeaders: cors && origin !== undefined ? corsHeaders(origin) : undefined,
    // Destroying the socket ends the answer where @hono/node-server would, when the body it
    // writes errors; but it would print the error's stack on stderr for each such answer.
    cutOff: socket
      ? (reason) => {
          socket.destroy()
          log?.(formatFaultLine(request, `answer cut short: ${reason}`))
          return true
        }
      : undefined,
  })
}

/**
 * A simulated network fault. On the Node server the client sees the connection drop (the
 * answer returned is never sent); without a socket (`app.request()`), the call fails, as a
 * fetch does.
 */
function dropConnection(env: Partial<HttpBindings> | undefined): Response {
  const socket = env?.incoming?.socket
  if (!socket) throw new NetworkFault()
  socket.destroy()
  return new Response(null, { status: 500 })
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

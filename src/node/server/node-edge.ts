// The Node server's edge: what it does with every request, in one place. It makes the request's
// record, hands it to the pipeline (wire/pipeline.ts) with the server's own stages among the
// mock's, and sends what comes back: the reason phrase of an error, a dropped connection for a
// network fault. The app (app.ts) only puts these together, once.
import type { HttpBindings } from '@hono/node-server'
import type { Socket } from 'node:net'
import type { Context, Hono } from 'hono'
import {
  RequestRecord,
  headerListOf,
  headerMapOf,
  type Answer,
  type Answered,
  type Answerer,
  type RequestHost,
  type Stage,
} from '../../wire/index.ts'
import type { AccessCheck } from './access-check.ts'
import { lastAnswer, type LastAnswers } from './last-answers.ts'
import { corsHeaders, isPreflight, preflightResponse } from './cors.ts'
import { largeBodyBytes, type LargeBodies } from './large-bodies.ts'
import { formatFaultLine, formatLogLine } from './log-line.ts'
import { NetworkFault } from './network-fault.ts'
import { headAnswer } from './head-answer.ts'
import type { AppEnv } from './mock-of.ts'

/** What every request of one app reads: made once (app.ts). */
export interface Edge {
  readonly answer: Answerer
  readonly cors: boolean
  readonly log: ((line: string) => void) | undefined
  /** Says once that a page's own worker answers too; for a request that names one. */
  readonly noticeWorker: (() => void) | undefined
}

/** One request over HTTP: its record, the pipeline, and what the connection does with the answer. */
export async function answerOverHttp(
  edge: Edge,
  request: Request,
  env: Partial<HttpBindings> | undefined,
): Promise<Response> {
  const incoming = env?.incoming
  const { cors, log } = edge
  const socket = incoming?.socket
  const record = nodeRecord({ request, socket, rawHeaders: incoming?.rawHeaders, cors, log })
  if (edge.noticeWorker && record.headers.has('x-mock-worker')) edge.noticeWorker()
  // The server's stages answer everything (the last answers): never undefined here.
  const { response, exchange, written } = (await edge.answer(request, record)) as Answered
  // `Response.error()` (status 0) is a network error, the mock's simulated fault or a user
  // handler's `HttpResponse.error()`, as msw fails the fetch in a browser: the connection is
  // dropped (the log said why). Without a socket (`app.request()`) the call fails, as a fetch
  // does. `.type` would cost a full Response.
  if (response.status === 0) {
    if (!socket) throw new NetworkFault()
    socket.destroy()
    return new Response(null, { status: 500 })
  }
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
export function nodeRecord(facts: NodeRequestFacts): RequestRecord {
  const { request, socket, log } = facts
  const list = facts.rawHeaders ?? headerListOf(request.headers)
  const headers = headerMapOf(list)
  const origin = headers.get('origin')
  return new RequestRecord(request, {
    headers,
    rawHeaders: list,
    clientAddress: socket?.remoteAddress,
    answerHeaders: facts.cors && origin !== undefined ? corsHeaders(origin) : undefined,
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
 * The access checks (step 0): Host and Origin, and what a page of another site may not do
 * (access-check.ts); a refused request gets its 403 before anything runs, with no journal entry.
 * A browser's preflight from an allowed page is answered here too; any other OPTIONS is routed
 * like any verb, to the real host's 404 (it has no CorsFeature; issue 30, N19).
 */
export function accessStage({ check, cors }: { check: AccessCheck; cors: boolean }): Stage {
  return {
    name: 'access checks',
    admit: (request, record) => {
      const origin = record.header('origin')
      const refused = check(request, record, origin)
      if (refused) return refused
      if (cors && origin !== null && isPreflight(request.method, (name) => record.header(name)))
        return preflightResponse(request, origin)
      return undefined
    },
  }
}

/**
 * Large bodies (step 0, around the rest): a body over 64 KiB or of unknown length is read whole
 * within a byte budget and a deadline, then answered one at a time (large-bodies.ts).
 */
export function largeBodiesStage(large: { bodies: LargeBodies; limitBytes: number }): Stage {
  return {
    name: 'large bodies',
    around: (request, record, next) =>
      takesLargeBody(record, large.limitBytes)
        ? large.bodies.run(request, record, (whole) => next(whole, record))
        : next(request, record),
  }
}

/**
 * Whether a body is read whole first: one over 64 KiB or of unknown length, and not one
 * declared past the limit (the mock refuses that unread, and a fallback streams it). Any other
 * request goes on at once, as it comes.
 */
export function takesLargeBody(record: RequestHost, limitBytes: number): boolean {
  if (record.method === 'GET' || record.method === 'HEAD') return false
  const length = record.header('content-length')
  if (length === null) return record.header('transfer-encoding') !== null
  const declared = Number(length)
  return declared > largeBodyBytes && declared <= limitBytes
}

/**
 * The last answers (step 8): a request no route took goes to the user's own handlers
 * (`handlers`, through msw), a near miss is answered as `--on-miss` says, and what nothing
 * answered gets the real host's plain 404.
 */
export function lastAnswersStage(last: LastAnswers): Stage {
  return {
    name: 'last answers',
    // Most answers are an operation's, with nothing to add: handed back as they are.
    last: (request, record, answered) =>
      answered && !answered.unmatched && answered.exchange?.miss === undefined
        ? answered
        : lastAnswer(last, request, record, answered),
  }
}

/** The request log (step 9): one line per request, or why its connection was dropped. */
export function logStage(log: (line: string) => void): Stage {
  return {
    name: 'log',
    end: ({ request, response, exchange, started, dropped }) => {
      if (dropped !== undefined || response.status === 0)
        log(formatFaultLine(request, dropped ?? 'network fault (connection dropped)'))
      else log(formatLogLine(request, response, performance.now() - started, exchange))
    },
  }
}

/**
 * The reason phrase of a service error is its ErrorCode (`400 ArgumentException`): on the Node
 * server, a statusMessage set before the head is written is kept. Only errors carry a phrase of
 * their own. It is read from the answer the mock wrote where there is one: reading
 * `statusText` turns @hono/node-server's light Response into a full one, whose headers go out
 * lower-cased, so errors would be sent with other header names than successes (issue 30, C10).
 */
export function withReasonPhrase(
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

/** The app's one route: every request, as `answerOverHttp` answers it. */
export function edgeRoute(edge: Edge): (c: Context<AppEnv>) => Promise<Response> {
  return (c) => answerOverHttp(edge, c.req.raw, c.env)
}

/**
 * The app as @hono/node-server calls it. Only a HEAD answer is rewritten, for its header
 * names (head-answer.ts): no wrapper around the others, which would cost a promise each.
 */
export function serveFetch(app: Hono<AppEnv>): Hono<AppEnv>['fetch'] {
  return (request, env) =>
    request.method === 'HEAD' ? headAnswer(app.fetch(request, env)) : app.fetch(request, env)
}

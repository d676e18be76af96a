import { Hono } from 'hono'
import { internalErrorAnswer, toResponse } from '../../wire/index.ts'
import type { Mock } from '../../mock/index.ts'
import { createAccessCheck } from './access-check.ts'
import { corsHeaders } from './cors.ts'
import { createLargeBodies } from './large-bodies.ts'
import { formatLogLine } from './log-line.ts'
import { NetworkFault } from './network-fault.ts'
import {
  accessStage,
  edgeRoute,
  largeBodiesStage,
  lastAnswersStage,
  logStage,
  withReasonPhrase,
  type Edge,
} from './node-edge.ts'
import { workerNotice } from './worker-notice.ts'
import { mockOf, type AppEnv, type AppOptions } from './mock-of.ts'

export { mockOf, type AppEnv, type AppOptions } from './mock-of.ts'
export { nodeRecord, serveFetch } from './node-edge.ts'

/**
 * The Hono app: every request goes straight to the mock's pipeline (wire/pipeline.ts: the same
 * as the msw handlers', without msw's per-request cost), with the server's own stages among the
 * mock's (node-edge.ts); only the user's extra handlers go through msw's `getResponse`. One
 * route and no middleware: each layer costs on every request.
 * @example const res = await createApp().request('/RestApi/ab-testing', { method: 'PUT' })
 */
export function createApp(options: AppOptions = {}): Hono<AppEnv> {
  const mock = mockOf(options)
  const cors = options.cors !== false
  const check = createAccessCheck({
    cors,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    sessionExists: (id) => mock.sessions.peek(id) !== mock.sessions.shared,
  })
  const app = new Hono<AppEnv>()
  app.all('*', edgeRoute(edgeOf(options, mock, check)))
  app.onError((error, c) => {
    if (error instanceof NetworkFault) throw error
    const request = c.req.raw
    const origin = request.headers.get('origin')
    const headers = { header: (name: string) => request.headers.get(name) }
    const allowed = cors && origin !== null && !check(request, headers, origin)
    const failed = internalErrorAnswer(error)
    const response = toResponse(failed, allowed ? corsHeaders(origin) : undefined)
    options.log?.(formatLogLine(request, response, 0))
    return withReasonPhrase(c.env, response, failed)
  })
  return app
}

/** The server's stages among the mock's, and what every request of the app reads. */
function edgeOf(
  options: AppOptions,
  mock: Mock,
  check: ReturnType<typeof createAccessCheck>,
): Edge {
  const cors = options.cors !== false
  const log = options.log
  const extra = options.handlers ? [...options.handlers] : []
  // Large bodies read side by side and answered one at a time: a slow sender holds no one
  // back, and small requests never wait behind several large bodies being bound.
  const limitBytes = mock.config.limits.bodyBytes
  const bodies = createLargeBodies({ ...options.largeBodies, limitBytes })
  // A request no route took goes to the user's own handlers too, before the mock's 404. msw is
  // loaded only for them: the mock itself never needs it here.
  const own =
    extra.length === 0
      ? undefined
      : async (request: Request) => (await import('msw')).getResponse(extra, request)
  const stages = [
    accessStage({ check, cors }),
    largeBodiesStage({ bodies, limitBytes }),
    lastAnswersStage({ own, onMiss: options.onMiss ?? 'warn' }),
    ...(log ? [logStage(log)] : []),
  ]
  return {
    answer: mock.answerWith([], { stages }),
    cors,
    log,
    noticeWorker: options.warn ? workerNotice(options.warn) : undefined,
  }
}

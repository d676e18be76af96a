// The Node server's own stages (wire/pipeline.ts runs them with the mock's): what it checks
// before anything runs, and what it writes once a request is answered.
import type { RequestHost, Stage } from '../../wire/index.ts'
import type { AccessCheck } from './access-check.ts'
import { isPreflight, preflightResponse } from './cors.ts'
import { largeBodyBytes, type LargeBodies } from './large-bodies.ts'
import { formatFaultLine, formatLogLine } from './log-line.ts'

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
export function largeBodiesStage({
  largeBodies,
  limitBytes,
}: {
  largeBodies: LargeBodies
  limitBytes: number
}): Stage {
  return {
    name: 'large bodies',
    around: (request, record, next) =>
      takesLargeBody(record, limitBytes) ? largeBodies.run(request, record, next) : next(request),
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

/** The request log (step 8): one line per request, or why its connection was dropped. */
export function logStage(log: (line: string) => void): Stage {
  return {
    name: 'log',
    end: ({ request, response, exchange, started, dropped }) => {
      // `Response.error()` (status 0) is a network error: the mock's simulated fault or a user
      // handler's `HttpResponse.error()`, which the server answers by dropping the connection.
      if (dropped !== undefined || response.status === 0)
        log(formatFaultLine(request, dropped ?? 'network fault (connection dropped)'))
      else log(formatLogLine(request, response, performance.now() - started, exchange))
    },
  }
}

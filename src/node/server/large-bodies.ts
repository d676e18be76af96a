import { continuedStream, errorJson, type Answered } from '../../wire/index.ts'
import { createBodyBudget, defaultFloorBytesPerSecond, type BodyBudget } from './body-budget.ts'
import type { RequestHost } from '../../wire/index.ts'
import { createQueue } from './one-at-a-time.ts'
import { readWithin } from './read-within.ts'

export interface LargeBodiesOptions {
  /**
   * How long a large body may take to arrive whole once its reading began, in ms; past it the
   * request is answered 408. Default 25 s (see `defaultBodyDeadlineMs`).
   */
  readonly deadlineMs?: number
  /** Bytes that large bodies being read or waiting to be answered may hold; default 16 MiB. */
  readonly budgetBytes?: number
}

/** Bodies over this many bytes, or of unknown length, are large. */
export const largeBodyBytes = 64 * 1024

/** The room a large body takes before its first read: about what one socket read brings. */
const firstReadBytes = 64 * 1024

/**
 * 25 s. The largest body the mock reads whole is 1 MiB (the body limit): from this machine it
 * arrives in milliseconds, and even at 400 kbit/s (Chrome DevTools' slowest preset, "3G") in
 * 21 s. It is under the server's 30 s request time-out, so a body that trickles gets this 408
 * in the ServiceStack shape rather than Node's bare one.
 */
export const defaultBodyDeadlineMs = 25_000

/**
 * 16 MiB: sixteen bodies at the 1 MiB limit, or over two hundred of 70 KB, read side by side;
 * what they hold beside the mock's own heap stays well under the 300 MB target
 * (docs/performance.md).
 */
export const defaultBodyBudgetBytes = 16 * 1024 * 1024

export interface LargeBodies {
  /**
   * Runs `dispatch` once the request's body is whole, one such request at a time, handing it
   * the same request with the body read. The body is read within the deadline and the budget;
   * a late one is answered 408 here, without dispatch.
   */
  run(
    request: Request,
    host: RequestHost,
    dispatch: (request: Request) => Promise<Answered | undefined>,
  ): Promise<Answered | undefined>
}

/**
 * Large request bodies for the Node server. Each is read whole before anything runs, side by
 * side with the others up to a byte budget, then answered one at a time, in the order they
 * became whole. Reading in turn (one body at a time) would let a client that trickles its body
 * hold every other large body back; answering in turn keeps what that was for: reading and
 * binding a megabyte holds the event loop for a noticeable time, and ten such bodies at once
 * would hold small requests behind all of them (docs/performance.md, "Large bodies under
 * attack"). The budget counts the bytes that have come, not those a body declares, so a sender
 * that trickles holds little; one that stalls while others wait loses its room (a 408).
 * @example const large = createLargeBodies({ limitBytes: mock.config.limits.bodyBytes })
 */
export function createLargeBodies(
  options: LargeBodiesOptions & { readonly limitBytes: number; readonly budget?: BodyBudget },
): LargeBodies {
  const { limitBytes } = options
  const deadlineMs = options.deadlineMs ?? defaultBodyDeadlineMs
  const budget =
    options.budget ?? createBodyBudget({ maxBytes: options.budgetBytes ?? defaultBodyBudgetBytes })
  const answering = createQueue()
  return {
    async run(request, host, dispatch) {
      const body = request.body
      if (body === null) return dispatch(request)
      let slow!: () => void
      const tooSlow = new Promise<{ slow: true }>((resolve) => {
        slow = () => resolve({ slow: true })
      })
      const share = budget.open(slow)
      const release = share.release
      const length = host.header('content-length')
      const room = Math.min(length === null ? firstReadBytes : Number(length), firstReadBytes)
      try {
        const read = await readWithin({ body, limit: limitBytes, deadlineMs, share, room, tooSlow })
        if (read.kind === 'late') return { response: lateAnswer(host, deadlineMs), exchange: null }
        if (read.kind === 'slow') return { response: slowAnswer(host), exchange: null }
        if (read.kind === 'broken')
          return { response: brokenAnswer(host, read.error), exchange: null }
        if (read.kind === 'over') {
          // A body of unknown length past the limit: nothing more is held here; the mock
          // refuses it as it reads, and a fallback streams it on, from its first byte.
          release()
          return await dispatch(withBody(request, continuedStream(read)))
        }
        const whole = withBody(request, read.bytes)
        return await answering.run(() => dispatch(whole))
      } finally {
        release()
      }
    },
  }
}

/** The same request with another body: the bytes read, or a stream of them and the rest. */
function withBody(request: Request, body: Uint8Array<ArrayBuffer> | ReadableStream): Request {
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    ...(body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
  })
}

function lateAnswer(host: RequestHost, deadlineMs: number): Response {
  return errorAnswer(
    host,
    408,
    'RequestTimeout',
    `Failed to read request: the body did not arrive whole within ${deadlineMs} ms`,
  )
}

function slowAnswer(host: RequestHost): Response {
  return errorAnswer(
    host,
    408,
    'RequestTimeout',
    `Failed to read request: the body came slower than ${defaultFloorBytesPerSecond} bytes a ` +
      `second while other large bodies waited for room, and gave its room up`,
  )
}

/** The client went away or its body broke mid-way: a 400, as the mock's own body reader says. */
function brokenAnswer(host: RequestHost, error: unknown): Response {
  return errorAnswer(
    host,
    400,
    'SerializationException',
    `Failed to read request: the body did not arrive whole (${(error as Error)?.message ?? error})`,
  )
}

/** In JSON, as the edge's other refusals: no route was read yet. The body is not read on. */
function errorAnswer(
  host: RequestHost,
  status: number,
  errorCode: string,
  message: string,
): Response {
  return new Response(errorJson(errorCode, message), {
    status,
    headers: {
      ...host.answerHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      Connection: 'close',
    },
  })
}

import type { Dispatcher } from 'undici'
import type { UpstreamHeaders } from './proxy-headers.ts'

/**
 * How much of an upstream answer is held before the client sees its head: an answer that
 * breaks off within it becomes a clean 502, while a longer one streams on and is never held
 * whole (a break past it cuts the client's answer off, the head being sent already).
 */
export const heldBytes = 64 * 1024

export interface UpstreamAnswer {
  readonly status: number
  readonly statusText: string
  readonly headers: UpstreamHeaders
  /** The whole body, or what was held and then the rest as it comes. */
  readonly body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>
  /** ms until the head came. */
  readonly waitMs: number
}

/** What `--record` keeps of an answer's body: its first bytes, up to a cap, and its size. */
export interface KeptBody {
  /** The whole body when it fits the cap; empty when it did not (only its size is kept). */
  readonly bytes: Buffer
  /** How many bytes the upstream sent in all. */
  readonly totalBytes: number
}

export interface UpstreamAnswerOptions {
  /**
   * The longest the client waits for the head, in ms from the call (`--proxy-timeout`): past
   * it, once the upstream's head has come, the head goes out with what of the body has come,
   * and the rest streams as it comes. Without it, the head waits for `heldBytes` or the end.
   */
  readonly holdMs?: number
  /**
   * Cuts the client off when the body breaks off after the head was sent (RequestHost.cutOff);
   * false, or absent, and the body's stream errors instead.
   */
  readonly cutOff?: (error: Error) => boolean
  /** A copy of the body for `--record`, handed over once the body has ended. */
  readonly keep?: {
    /** Past this many bytes the copy is dropped and only the size is kept. */
    readonly maxBytes: number
    done(kept: KeptBody, answer: UpstreamAnswer): void
  }
}

/** One forwarded request's answer as it comes: what is held, the copy, the stream once it streams. */
export interface Incoming {
  readonly options: UpstreamAnswerOptions
  /** When the request went (`performance.now()`), for the head's `waitMs`. */
  readonly started: number
  readonly resolve: (answer: UpstreamAnswer) => void
  readonly reject: (error: Error) => void
  head: Omit<UpstreamAnswer, 'body'> | undefined
  held: Buffer[]
  size: number
  /** The copy for --record, dropped (null) once it passes its cap; the size is counted anyway. */
  kept: Buffer[] | null
  keptBytes: number
  totalBytes: number
  stream: ReadableStreamDefaultController<Uint8Array> | null
  streamed: UpstreamAnswer | undefined
  /** The client went away: what still comes is dropped. */
  cancelled: boolean
  /**
   * This handler paused the upstream and has not resumed it: a resume is only ever the undoing
   * of a pause, and a pause only follows a chunk that filled the client's queue.
   */
  paused: boolean
  holdTimer: ReturnType<typeof setTimeout> | undefined
  ended: boolean
}

export function pauseIfFull(incoming: Incoming, controller: Dispatcher.DispatchController): void {
  if (!incoming.paused && !incoming.cancelled && (incoming.stream?.desiredSize ?? 1) <= 0) {
    incoming.paused = true
    controller.pause()
  }
}

/** From here on the client gets the body as it comes: the head goes out with what is held. */
export function streamOn(incoming: Incoming, controller: Dispatcher.DispatchController): void {
  clearTimeout(incoming.holdTimer)
  const first = incoming.held
  incoming.held = []
  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        incoming.stream = streamController
        for (const part of first) streamController.enqueue(part)
      },
      // The client's queue has room: undo this handler's pause, if any. The resume may hand
      // over chunks at once (re-entering onResponseData), which may pause again: each turn
      // of this moves bytes, as empty chunks never reach the queue.
      pull: () => {
        if (!incoming.paused || incoming.cancelled) return
        incoming.paused = false
        controller.resume()
      },
      cancel: (reason) => {
        incoming.cancelled = true
        controller.abort(reason instanceof Error ? reason : new Error('the client went away'))
      },
    },
    // Counted in bytes, up to what is held before the head: one socket read or so.
    { highWaterMark: heldBytes, size: (part) => part.byteLength },
  )
  incoming.streamed = { ...(incoming.head as Omit<UpstreamAnswer, 'body'>), body }
  incoming.resolve(incoming.streamed)
  pauseIfFull(incoming, controller)
}

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

/**
 * An undici dispatch handler for one forwarded request, and the answer it makes: settled once
 * the body is whole or `heldBytes` of it have come, rejected when the upstream cannot be reached,
 * times out or breaks off before that. Past `heldBytes` the body streams, pausing the upstream
 * while the client is slower. `keep`, when given, gets a bounded copy once the body has ended
 * (`--record`). With `holdMs`, the hold has a clock: an upstream that trickles its body gets its
 * head to the client at `holdMs` all the same.
 */
export function upstreamAnswer({ keep, cutOff, holdMs }: UpstreamAnswerOptions = {}): {
  handler: Dispatcher.DispatchHandler
  answer: Promise<UpstreamAnswer>
} {
  const started = performance.now()
  let resolve!: (answer: UpstreamAnswer) => void
  let reject!: (error: Error) => void
  const answer = new Promise<UpstreamAnswer>((yes, no) => {
    resolve = yes
    reject = no
  })
  let head: Omit<UpstreamAnswer, 'body'> | undefined
  let held: Buffer[] = []
  let size = 0
  // The copy for --record, dropped (null) once it passes its cap; the size is counted anyway.
  let kept: Buffer[] | null = keep ? [] : null
  let keptBytes = 0
  let totalBytes = 0
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null
  let streamed: UpstreamAnswer | undefined
  // The client went away: what still comes is dropped.
  let cancelled = false
  // This handler paused the upstream and has not resumed it: a resume is only ever the undoing
  // of a pause, and a pause only follows a chunk that filled the client's queue.
  let paused = false
  const pauseIfFull = (controller: Dispatcher.DispatchController): void => {
    if (!paused && !cancelled && (stream?.desiredSize ?? 1) <= 0) {
      paused = true
      controller.pause()
    }
  }

  let holdTimer: ReturnType<typeof setTimeout> | undefined
  let ended = false
  /** From here on the client gets the body as it comes: the head goes out with what is held. */
  const streamOn = (controller: Dispatcher.DispatchController): void => {
    clearTimeout(holdTimer)
    const first = held
    held = []
    const body = new ReadableStream<Uint8Array>(
      {
        start(streamController) {
          stream = streamController
          for (const part of first) streamController.enqueue(part)
        },
        // The client's queue has room: undo this handler's pause, if any. The resume may hand
        // over chunks at once (re-entering onResponseData), which may pause again: each turn
        // of this moves bytes, as empty chunks never reach the queue.
        pull: () => {
          if (!paused || cancelled) return
          paused = false
          controller.resume()
        },
        cancel: (reason) => {
          cancelled = true
          controller.abort(reason instanceof Error ? reason : new Error('the client went away'))
        },
      },
      // Counted in bytes, up to what is held before the head: one socket read or so.
      { highWaterMark: heldBytes, size: (part) => part.byteLength },
    )
    streamed = { ...(head as Omit<UpstreamAnswer, 'body'>), body }
    resolve(streamed)
    pauseIfFull(controller)
  }

  const handler: Dispatcher.DispatchHandler = {
    // Present so that undici takes this for a handler of its current interface.
    onRequestStart() {},
    onResponseStart(controller, status, headers, statusText = '') {
      head = { status, statusText, headers, waitMs: performance.now() - started }
      if (holdMs === undefined) return
      // The hold ends at holdMs from the start, however slowly the body comes.
      holdTimer = setTimeout(
        () => {
          if (!stream && !ended) streamOn(controller)
        },
        Math.max(0, holdMs - head.waitMs),
      )
    },
    onResponseData(controller, chunk) {
      // undici's parser, resumed with nothing on its socket, hands over an empty chunk. It
      // carries nothing; queued, it would have the reader pull, the pull resume, the resume
      // deliver another empty chunk, and so on forever, never letting the event loop turn.
      if (chunk.length === 0) return
      totalBytes += chunk.length
      if (kept) {
        keptBytes += chunk.length
        if (keptBytes > (keep as { maxBytes: number }).maxBytes) kept = null
        else kept.push(chunk)
      }
      if (cancelled) return
      if (stream) {
        stream.enqueue(chunk)
        pauseIfFull(controller)
        return
      }
      held.push(chunk)
      size += chunk.length
      if (size >= heldBytes) streamOn(controller)
    },
    onResponseEnd() {
      clearTimeout(holdTimer)
      ended = true
      const settled = streamed ?? {
        ...(head as Omit<UpstreamAnswer, 'body'>),
        body: bytesOf(held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held)),
      }
      if (!stream) resolve(settled)
      else if (!cancelled) stream.close()
      keep?.done({ bytes: kept ? Buffer.concat(kept) : Buffer.alloc(0), totalBytes }, settled)
    },
    onResponseError(_controller, error) {
      clearTimeout(holdTimer)
      if (stream) {
        if (!cancelled && !cutOff?.(error)) stream.error(error)
      } else reject(head ? new Error(`the answer broke off: ${error.message}`) : error)
    },
  }
  return { handler, answer }
}

function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length)
}

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

/**
 * An undici dispatch handler for one forwarded request, and the answer it makes: settled once
 * the body is whole or `heldBytes` of it have come, rejected when the upstream cannot be reached,
 * times out or breaks off before that. Past `heldBytes` the body streams, pausing the upstream
 * while the client is slower. `whole`, when given, gets every byte once the body has ended
 * (`--record`).
 */
export function upstreamAnswer(whole?: (bytes: Buffer, answer: UpstreamAnswer) => void): {
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
  const kept: Buffer[] | null = whole ? [] : null
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null
  let streamed: UpstreamAnswer | undefined
  // The client went away: what still comes is dropped.
  let cancelled = false

  const handler: Dispatcher.DispatchHandler = {
    // Present so that undici takes this for a handler of its current interface.
    onRequestStart() {},
    onResponseStart(_controller, status, headers, statusText = '') {
      head = { status, statusText, headers, waitMs: performance.now() - started }
    },
    onResponseData(controller, chunk) {
      kept?.push(chunk)
      if (cancelled) return
      if (stream) {
        stream.enqueue(chunk)
        if ((stream.desiredSize ?? 0) <= 0) controller.pause()
        return
      }
      held.push(chunk)
      size += chunk.length
      if (size < heldBytes) return
      // From here on the client gets the body as it comes.
      const first = held
      held = []
      const body = new ReadableStream<Uint8Array>({
        start(streamController) {
          stream = streamController
          for (const part of first) streamController.enqueue(part)
        },
        pull: () => controller.resume(),
        cancel: (reason) => {
          cancelled = true
          controller.abort(reason instanceof Error ? reason : new Error('the client went away'))
        },
      })
      streamed = { ...(head as Omit<UpstreamAnswer, 'body'>), body }
      resolve(streamed)
    },
    onResponseEnd() {
      const settled = streamed ?? {
        ...(head as Omit<UpstreamAnswer, 'body'>),
        body: bytesOf(held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held)),
      }
      if (!stream) resolve(settled)
      else if (!cancelled) stream.close()
      if (kept) whole?.(Buffer.concat(kept), settled)
    },
    onResponseError(_controller, error) {
      if (stream) {
        if (!cancelled) stream.error(error)
      } else reject(head ? new Error(`the answer broke off: ${error.message}`) : error)
    },
  }
  return { handler, answer }
}

function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length)
}

import type { Dispatcher } from 'undici'
import {
  heldBytes,
  pauseIfFull,
  streamOn,
  type Incoming,
  type UpstreamAnswer,
  type UpstreamAnswerOptions,
} from './incoming-answer.ts'

export {
  heldBytes,
  type KeptBody,
  type UpstreamAnswer,
  type UpstreamAnswerOptions,
} from './incoming-answer.ts'

/**
 * An undici dispatch handler for one forwarded request, and the answer it makes: settled once
 * the body is whole or `heldBytes` of it have come, rejected when the upstream cannot be reached,
 * times out or breaks off before that. Past `heldBytes` the body streams, pausing the upstream
 * while the client is slower. `keep`, when given, gets a bounded copy once the body has ended
 * (`--record`). With `holdMs`, the hold has a clock: an upstream that trickles its body gets its
 * head to the client at `holdMs` all the same.
 */
export function upstreamAnswer(options: UpstreamAnswerOptions = {}): {
  handler: Dispatcher.DispatchHandler
  answer: Promise<UpstreamAnswer>
} {
  let resolve!: (answer: UpstreamAnswer) => void
  let reject!: (error: Error) => void
  const answer = new Promise<UpstreamAnswer>((yes, no) => {
    resolve = yes
    reject = no
  })
  const incoming: Incoming = {
    options,
    started: performance.now(),
    resolve,
    reject,
    head: undefined,
    held: [],
    size: 0,
    kept: options.keep ? [] : null,
    keptBytes: 0,
    totalBytes: 0,
    stream: null,
    streamed: undefined,
    cancelled: false,
    paused: false,
    holdTimer: undefined,
    ended: false,
  }
  const handler: Dispatcher.DispatchHandler = {
    // Present so that undici takes this for a handler of its current interface.
    onRequestStart() {},
    onResponseStart(controller, status, headers, statusText = '') {
      headCame(incoming, controller, { status, statusText, headers })
    },
    onResponseData(controller, chunk) {
      bodyCame(incoming, controller, chunk)
    },
    onResponseEnd() {
      bodyEnded(incoming)
    },
    onResponseError(_controller, error) {
      bodyFailed(incoming, error)
    },
  }
  return { handler, answer }
}

function headCame(
  incoming: Incoming,
  controller: Dispatcher.DispatchController,
  head: Omit<UpstreamAnswer, 'body' | 'waitMs'>,
): void {
  incoming.head = { ...head, waitMs: performance.now() - incoming.started }
  const { holdMs } = incoming.options
  if (holdMs === undefined) return
  // The hold ends at holdMs from the start, however slowly the body comes.
  incoming.holdTimer = setTimeout(
    () => {
      if (!incoming.stream && !incoming.ended) streamOn(incoming, controller)
    },
    Math.max(0, holdMs - incoming.head.waitMs),
  )
}

function bodyCame(
  incoming: Incoming,
  controller: Dispatcher.DispatchController,
  chunk: Buffer,
): void {
  // undici's parser, resumed with nothing on its socket, hands over an empty chunk. It
  // carries nothing; queued, it would have the reader pull, the pull resume, the resume
  // deliver another empty chunk, and so on forever, never letting the event loop turn.
  if (chunk.length === 0) return
  incoming.totalBytes += chunk.length
  if (incoming.kept) {
    incoming.keptBytes += chunk.length
    if (incoming.keptBytes > (incoming.options.keep as { maxBytes: number }).maxBytes)
      incoming.kept = null
    else incoming.kept.push(chunk)
  }
  if (incoming.cancelled) return
  if (incoming.stream) {
    incoming.stream.enqueue(chunk)
    pauseIfFull(incoming, controller)
    return
  }
  incoming.held.push(chunk)
  incoming.size += chunk.length
  if (incoming.size >= heldBytes) streamOn(incoming, controller)
}

function bodyEnded(incoming: Incoming): void {
  clearTimeout(incoming.holdTimer)
  incoming.ended = true
  const { held, kept } = incoming
  const settled = incoming.streamed ?? {
    ...(incoming.head as Omit<UpstreamAnswer, 'body'>),
    body: bytesOf(held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held)),
  }
  if (!incoming.stream) incoming.resolve(settled)
  else if (!incoming.cancelled) incoming.stream.close()
  incoming.options.keep?.done(
    { bytes: kept ? Buffer.concat(kept) : Buffer.alloc(0), totalBytes: incoming.totalBytes },
    settled,
  )
}

function bodyFailed(incoming: Incoming, error: Error): void {
  clearTimeout(incoming.holdTimer)
  if (incoming.stream) {
    if (!incoming.cancelled && !incoming.options.cutOff?.(error)) incoming.stream.error(error)
  } else {
    incoming.reject(incoming.head ? new Error(`the answer broke off: ${error.message}`) : error)
  }
}

function bytesOf(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length)
}

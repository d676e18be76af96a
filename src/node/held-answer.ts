import type { IncomingMessage } from 'node:http'
import { PassThrough, Readable } from 'node:stream'
import { forwardedHeaders } from './proxy-headers.ts'

/**
 * How much of an upstream answer is held before the client sees its head: an answer that
 * breaks off within it becomes a clean 502, while a longer one streams on and is never held
 * whole (a break past it cuts the client's answer off, the head being sent already).
 */
export const heldBytes = 64 * 1024

/**
 * The upstream's answer as a web Response, once it is whole or `heldBytes` of it have come;
 * rejects when it breaks off before that, naming the cause.
 */
export function heldAnswer(answer: IncomingMessage): Promise<Response> {
  return new Promise((resolve, reject) => {
    const held: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer): void => {
      held.push(chunk)
      size += chunk.length
      if (size >= heldBytes) release(false)
    }
    const onEnd = (): void => release(true)
    const onBreak = (error?: Error): void => {
      stop()
      reject(new Error(`the answer broke off${error ? `: ${error.message}` : ''}`))
    }
    const onClose = (): void => {
      if (!answer.complete) onBreak()
    }
    const stop = (): void => {
      answer.off('data', onData).off('end', onEnd).off('error', onBreak).off('close', onClose)
    }
    const release = (ended: boolean): void => {
      stop()
      const whole = Buffer.concat(held)
      let body: ReadableStream<Uint8Array> | Uint8Array | null = new Uint8Array(
        whole.buffer,
        whole.byteOffset,
        whole.length,
      )
      if (!ended) {
        answer.pause()
        // What was held, then the rest as it comes; a break later destroys the stream.
        const rest = new PassThrough()
        rest.write(whole)
        answer.once('error', (error) => rest.destroy(error))
        answer.once('close', () => {
          if (!answer.complete) rest.destroy(new Error('the answer broke off'))
        })
        answer.pipe(rest)
        body = Readable.toWeb(rest) as ReadableStream<Uint8Array>
      }
      const status = answer.statusCode ?? 502
      // These statuses carry no body in a Response.
      if (status === 204 || status === 205 || status === 304) body = null
      resolve(
        new Response(body as BodyInit | null, {
          status,
          statusText: answer.statusMessage ?? '',
          headers: forwardedHeaders(answer.rawHeaders),
        }),
      )
    }
    answer.on('data', onData).once('end', onEnd).once('error', onBreak).once('close', onClose)
  })
}

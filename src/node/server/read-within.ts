import type { BodyShare } from './body-budget.ts'

export type Read =
  | { readonly kind: 'whole'; readonly bytes: Uint8Array<ArrayBuffer> }
  | {
      readonly kind: 'over'
      readonly chunks: Uint8Array[]
      readonly reader: ReadableStreamDefaultReader<Uint8Array>
    }
  | { readonly kind: 'late' }
  | { readonly kind: 'slow' }
  | { readonly kind: 'broken'; readonly error: unknown }

export interface ReadOptions {
  readonly body: ReadableStream<Uint8Array>
  readonly limit: number
  readonly deadlineMs: number
  /** Each chunk is taken from it as it comes, past `room`, taken before the first read. */
  readonly share: BodyShare
  readonly room: number
  /** Settles when the share is taken away: the body came too slowly while others waited. */
  readonly tooSlow: Promise<{ slow: true }>
}

/**
 * Reads a body within `limit` bytes and `deadlineMs`, each chunk taken from the budget as it
 * comes. A late or too slow body's reader is let go, not cancelled: on the Node server that
 * would destroy the socket before the 408 is written; the answer says `Connection: close`
 * instead, and Node closes the socket once it is sent.
 */
export async function readWithin(options: ReadOptions): Promise<Read> {
  const { body, limit, deadlineMs, share, tooSlow } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<{ late: true }>((resolve) => {
    timer = setTimeout(() => resolve({ late: true }), deadlineMs)
  })
  const chunks: Uint8Array[] = []
  let total = 0
  let room = options.room
  // Room for the first read before reading at all: a body begins once that fits.
  const first = await Promise.race([share.take(room), late, tooSlow])
  if (first) {
    clearTimeout(timer)
    return { kind: 'late' in first ? 'late' : 'slow' }
  }
  const reader = body.getReader()
  try {
    for (;;) {
      const step = await Promise.race([reader.read(), late, tooSlow])
      if ('late' in step || 'slow' in step) {
        reader.releaseLock()
        return { kind: 'late' in step ? 'late' : 'slow' }
      }
      if (step.done) break
      chunks.push(step.value)
      total += step.value.byteLength
      if (total > limit) return { kind: 'over', chunks, reader }
      room -= step.value.byteLength
      if (room >= 0) continue
      const taken = await Promise.race([share.take(-room), late, tooSlow])
      room = 0
      if (taken) {
        reader.releaseLock()
        return { kind: 'late' in taken ? 'late' : 'slow' }
      }
    }
  } catch (error) {
    return { kind: 'broken', error }
  } finally {
    clearTimeout(timer)
  }
  share.read()
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { kind: 'whole', bytes }
}

import type { KeptBody } from './upstream-answer.ts'

/**
 * A stream that passes on every chunk of `body` and keeps a copy of it for `--record`, up to
 * `maxBytes`: past them the copy is dropped and only the size is counted, so a large upload is
 * never held. `kept()` tells what was kept once the stream has been read.
 */
export function keepCopy(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): { stream: ReadableStream<Uint8Array>; kept(): KeptBody } {
  let chunks: Uint8Array[] | null = []
  let keptBytes = 0
  let totalBytes = 0
  const stream = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        totalBytes += chunk.length
        if (chunks) {
          keptBytes += chunk.length
          if (keptBytes > maxBytes) chunks = null
          else chunks.push(chunk)
        }
        controller.enqueue(chunk)
      },
    }),
  )
  return {
    stream,
    kept: () => ({ bytes: chunks ? Buffer.concat(chunks) : Buffer.alloc(0), totalBytes }),
  }
}

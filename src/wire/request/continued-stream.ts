/** What a reader took of a stream, and the reader of the rest. */
export interface ReadSoFar {
  readonly chunks: Uint8Array[]
  readonly reader: ReadableStreamDefaultReader<Uint8Array>
}

/**
 * The chunks a reader took of a stream, then the rest of it: the body as it was sent, for a
 * caller that looked at its start (a limit, a deadline) and hands it on whole.
 */
export function continuedStream({ chunks, reader }: ReadSoFar): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const kept = chunks.shift()
      if (kept) return controller.enqueue(kept)
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

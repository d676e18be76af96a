/** How long the pieces of one answer may hold the event loop before others get a turn. */
const sliceMs = 10

/**
 * A byte stream of text pieces made as they are read. It gives the event loop a turn (a timer,
 * so other requests' I/O runs) whenever it has worked `sliceMs` since the last one: a reader that
 * takes everything at once, as a fast socket does, still holds other requests up by one slice at
 * most, whatever the document's size. A reader that goes away stops the pieces.
 * @example new Response(pieceStream(statePieces(store.snapshot())))
 */
export function pieceStream(
  pieces: Generator<string, void, undefined>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let sliceStart = performance.now()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (performance.now() - sliceStart >= sliceMs) {
          await new Promise((resolve) => setTimeout(resolve, 0))
          sliceStart = performance.now()
        }
        const next = pieces.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      cancel() {
        pieces.return()
      },
    },
    { highWaterMark: 0 },
  )
}

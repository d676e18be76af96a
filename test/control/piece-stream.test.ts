import { describe, expect, it } from 'vitest'
import { pieceStream } from '../../src/control/index.ts'

// Issue 26, point 10: a streamed state gives other work a turn, however fast it is read.

/** Pieces that each hold the thread about 1 ms, as writing 64 KB of entities does. */
function* busyPieces(count: number, made: { count: number }): Generator<string, void, undefined> {
  for (let i = 0; i < count; i++) {
    const until = performance.now() + 1
    while (performance.now() < until) {
      // Working, as a piece of a large state does.
    }
    made.count++
    yield `piece ${i};`
  }
}

describe('pieceStream', () => {
  it('lets a timer set at the start run after about 10 ms of pieces, not after the whole stream', async () => {
    const made = { count: 0 }
    let madeWhenTimerRan = -1
    setTimeout(() => (madeWhenTimerRan = made.count), 0)
    // Read as a fast socket does: as soon as each piece is there.
    const text = await new Response(pieceStream(busyPieces(300, made))).text()
    expect(text.split(';').length - 1).toBe(300)
    expect(madeWhenTimerRan).toBeGreaterThanOrEqual(0)
    // 10 ms slices of ~1 ms pieces: far fewer than the 300 the whole stream makes.
    expect(madeWhenTimerRan).toBeLessThan(60)
  })

  it('stops making pieces when the reader goes away', async () => {
    const made = { count: 0 }
    const reader = pieceStream(busyPieces(300, made)).getReader()
    await reader.read()
    await reader.cancel()
    const after = made.count
    expect(after).toBeLessThan(5)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(made.count).toBe(after)
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createCoalescingWriter,
  type CoalescingWriter,
} from '../../src/node/state-file/coalescing-writer.ts'

interface FakeWrite {
  readonly startedAt: number
  /** How many changes had been made when the write started. */
  readonly covers: number
  finish(error?: Error): void
}

interface Harness {
  readonly writer: CoalescingWriter
  readonly writes: FakeWrite[]
  readonly errors: Error[]
  /** Makes a change: what the store's listener does. */
  change(): void
  /** The most writes that were ever under way at once. */
  mostAtOnce(): number
}

/** A writer whose writes last until the test finishes them, on fake timers. */
function harness(intervalMs = 100): Harness {
  const writes: FakeWrite[] = []
  const errors: Error[] = []
  let changes = 0
  let active = 0
  let most = 0
  const writer = createCoalescingWriter({
    intervalMs,
    onError: (error) => errors.push(error),
    write: () =>
      new Promise<void>((resolve, reject) => {
        active++
        most = Math.max(most, active)
        writes.push({
          startedAt: Date.now(),
          covers: changes,
          finish: (error) => {
            active--
            if (error) reject(error)
            else resolve()
          },
        })
      }),
  })
  return {
    writer,
    writes,
    errors,
    change: () => {
      changes++
      writer.changed()
    },
    mostAtOnce: () => most,
  }
}

/** The write at `index`, which must have started. */
function started(h: Harness, index: number): FakeWrite {
  const write = h.writes[index]
  if (!write) throw new Error(`Failed to find write ${index}: ${h.writes.length} started`)
  return write
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createCoalescingWriter', () => {
  it('writes nothing while nothing changes', async () => {
    const h = harness()
    await vi.advanceTimersByTimeAsync(1000)
    await h.writer.flush()
    expect(h.writes).toHaveLength(0)
    expect(h.writer.busy).toBe(false)
  })

  it('makes one write for many changes at once', async () => {
    const h = harness()
    for (let i = 0; i < 50; i++) h.change()
    await vi.advanceTimersByTimeAsync(0)
    expect(h.writes).toHaveLength(1)
    expect(started(h, 0).covers).toBe(50)
    started(h, 0).finish()
    await vi.advanceTimersByTimeAsync(1000)
    expect(h.writes).toHaveLength(1)
    expect(h.writer.busy).toBe(false)
  })

  it('never starts a write while one is under way, then makes exactly one more', async () => {
    const h = harness()
    h.change()
    await vi.advanceTimersByTimeAsync(0)
    expect(h.writes).toHaveLength(1)
    // Changes keep coming while the write takes 2 s: none starts another write.
    for (let i = 0; i < 200; i++) {
      h.change()
      await vi.advanceTimersByTimeAsync(10)
    }
    expect(h.writes).toHaveLength(1)
    expect(h.writer.busy).toBe(true)
    started(h, 0).finish()
    await vi.advanceTimersByTimeAsync(5000)
    expect(h.writes).toHaveLength(2)
    expect(started(h, 1).covers).toBe(201)
    started(h, 1).finish()
    await vi.advanceTimersByTimeAsync(5000)
    expect(h.writes).toHaveLength(2)
    expect(h.mostAtOnce()).toBe(1)
    expect(h.writer.busy).toBe(false)
  })

  it('waits the interval after a short write, and as long as the write took after a long one', async () => {
    const h = harness(100)
    h.change()
    await vi.advanceTimersByTimeAsync(0)
    await vi.advanceTimersByTimeAsync(20)
    started(h, 0).finish()
    const firstEnded = Date.now()
    h.change()
    await vi.advanceTimersByTimeAsync(99)
    expect(h.writes).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.writes).toHaveLength(2)
    expect(started(h, 1).startedAt - firstEnded).toBe(100)

    // This one takes 700 ms: the next waits 700 ms after it, not 100.
    await vi.advanceTimersByTimeAsync(700)
    started(h, 1).finish()
    const secondEnded = Date.now()
    h.change()
    await vi.advanceTimersByTimeAsync(699)
    expect(h.writes).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(h.writes).toHaveLength(3)
    expect(started(h, 2).startedAt - secondEnded).toBe(700)
  })

  it('does not count the time a write takes to take its view (the first write makes lazy entities)', async () => {
    const starts: number[] = []
    let finish = (): void => undefined
    const writer = createCoalescingWriter({
      intervalMs: 100,
      onError: () => undefined,
      write: () => {
        starts.push(Date.now())
        // 500 ms of synchronous work the first time, then 10 ms of asynchronous work.
        if (starts.length === 1) vi.setSystemTime(Date.now() + 500)
        return new Promise<void>((resolve) => (finish = resolve))
      },
    })
    writer.changed()
    await vi.advanceTimersByTimeAsync(10)
    finish()
    await vi.advanceTimersByTimeAsync(0)
    const ended = Date.now()
    writer.changed()
    await vi.advanceTimersByTimeAsync(100)
    expect(starts).toHaveLength(2)
    expect((starts[1] as number) - ended).toBe(100)
  })

  it('flush() waits for the write under way, then writes once more at once, skipping the interval', async () => {
    const h = harness(100)
    h.change()
    await vi.advanceTimersByTimeAsync(0)
    h.change()
    let flushed = false
    const flushing = h.writer.flush().then(() => (flushed = true))
    await vi.advanceTimersByTimeAsync(50)
    expect(flushed).toBe(false)
    expect(h.writes).toHaveLength(1)
    started(h, 0).finish()
    await vi.advanceTimersByTimeAsync(0)
    // No wait for the interval: the final write starts as soon as the last one ended.
    expect(h.writes).toHaveLength(2)
    expect(started(h, 1).covers).toBe(2)
    expect(flushed).toBe(false)
    started(h, 1).finish()
    await flushing
    expect(flushed).toBe(true)
    expect(h.mostAtOnce()).toBe(1)
  })

  it('flush() with no change since the write under way began waits for that write only', async () => {
    const h = harness()
    h.change()
    await vi.advanceTimersByTimeAsync(0)
    const flushing = h.writer.flush()
    started(h, 0).finish()
    await flushing
    expect(h.writes).toHaveLength(1)
  })

  it('flush() is not held up by changes made after it was called', async () => {
    const h = harness()
    h.change()
    const flushing = h.writer.flush()
    expect(h.writes).toHaveLength(1)
    h.change()
    started(h, 0).finish()
    await flushing
    expect(h.writes).toHaveLength(1)
    // The later change is written in the background all the same.
    await vi.advanceTimersByTimeAsync(100)
    expect(h.writes).toHaveLength(2)
  })

  it('flush() rejects with the error of its own write, and the next flush tries again', async () => {
    const h = harness()
    h.change()
    const flushing = h.writer.flush()
    started(h, 0).finish(new Error('disk full'))
    await expect(flushing).rejects.toThrow('disk full')
    expect(h.writer.busy).toBe(true)
    const again = h.writer.flush()
    expect(h.writes).toHaveLength(2)
    started(h, 1).finish()
    await again
    expect(h.writer.busy).toBe(false)
  })

  it('reports a failed background write and tries again at the next change, not before', async () => {
    const h = harness()
    h.change()
    await vi.advanceTimersByTimeAsync(0)
    started(h, 0).finish(new Error('read-only file system'))
    await vi.advanceTimersByTimeAsync(5000)
    expect(h.errors.map((error) => error.message)).toEqual(['read-only file system'])
    expect(h.writes).toHaveLength(1)
    h.change()
    await vi.advanceTimersByTimeAsync(100)
    expect(h.writes).toHaveLength(2)
    expect(started(h, 1).covers).toBe(2)
  })

  it('a write that throws before returning a promise fails like one that rejects', async () => {
    const errors: Error[] = []
    const writer = createCoalescingWriter({
      intervalMs: 100,
      onError: (error) => errors.push(error),
      write: () => {
        throw new Error('no state')
      },
    })
    writer.changed()
    await expect(writer.flush()).rejects.toThrow('no state')
    expect(errors).toHaveLength(1)
  })
})

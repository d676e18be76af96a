import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRequestLog } from '../../src/node/server/request-log.ts'

// The Node server's request log encodes lines into one buffer and writes them together: each
// write must hold whole lines, in order, and nothing may be lost or garbled on the way.

describe('the batched request log', () => {
  let writes: string[]
  let log: (line: string) => void

  beforeEach(() => {
    vi.useFakeTimers()
    writes = []
    log = createRequestLog((bytes) => writes.push(new TextDecoder().decode(bytes))).log
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes the lines of 50 ms together, each ended by a newline', () => {
    log('PUT /RestApi/a json 200 1.0ms')
    log('PUT /RestApi/b csv 200 0.8ms')
    expect(writes).toEqual([])
    vi.advanceTimersByTime(50)
    expect(writes).toEqual(['PUT /RestApi/a json 200 1.0ms\nPUT /RestApi/b csv 200 0.8ms\n'])
    vi.advanceTimersByTime(500)
    expect(writes).toHaveLength(1)
    log('GET /RestApi/c html 404 0.1ms')
    vi.advanceTimersByTime(50)
    expect(writes[1]).toBe('GET /RestApi/c html 404 0.1ms\n')
  })

  it('keeps characters outside ASCII whole', () => {
    const line = 'PUT /RestApi/comments json 200 1.0ms warning: Unknown field Grüße 日本 🎉 ignored'
    log(line)
    vi.advanceTimersByTime(50)
    expect(writes).toEqual([`${line}\n`])
  })

  it('writes a full batch at once, and a line longer than a batch on its own, in order', () => {
    const line = `PUT /RestApi/x json 200 1.0ms ${'y'.repeat(1000)}`
    for (let i = 0; i < 100; i++) log(`${i} ${line}`)
    // 100 lines of about 1 KB fill more than one 64 KB batch before the timer runs.
    expect(writes.length).toBeGreaterThan(0)
    const huge = `GET /RestApi/${'z'.repeat(70_000)} json 414 0.1ms`
    log(huge)
    log('after')
    vi.advanceTimersByTime(50)
    const text = writes.join('')
    expect(writes.every((chunk) => chunk.endsWith('\n'))).toBe(true)
    const lines = text.split('\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(102)
    expect(lines.slice(0, 100)).toEqual(Array.from({ length: 100 }, (_, i) => `${i} ${line}`))
    expect(lines[100]).toBe(huge)
    expect(lines[101]).toBe('after')
  })

  it('writes what is queued on close and leaves no exit listener behind', () => {
    const listeners = process.listenerCount('exit')
    const closing = createRequestLog((bytes) => writes.push(new TextDecoder().decode(bytes)))
    expect(process.listenerCount('exit')).toBe(listeners + 1)
    closing.log('last line')
    closing.close()
    expect(writes).toEqual(['last line\n'])
    expect(process.listenerCount('exit')).toBe(listeners)
    vi.advanceTimersByTime(50)
    expect(writes).toEqual(['last line\n'])
  })

  it('hands each batch over and never writes into it again', () => {
    const kept: Uint8Array[] = []
    const { log: own } = createRequestLog((bytes) => kept.push(bytes))
    own('first')
    vi.advanceTimersByTime(50)
    own('second')
    vi.advanceTimersByTime(50)
    expect(kept.map((bytes) => new TextDecoder().decode(bytes))).toEqual(['first\n', 'second\n'])
  })
})

describe('the request log behind a slow reader', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A writer whose writes finish only when the test says so, like a terminal that lags. */
  function slowWriter(): {
    writes: string[]
    finish: () => Promise<void>
    write: (b: Uint8Array) => Promise<void>
  } {
    const writes: string[] = []
    const pending: Array<() => void> = []
    return {
      writes,
      write: (bytes) => {
        writes.push(new TextDecoder().decode(bytes))
        return new Promise<void>((resolve) => pending.push(resolve))
      },
      finish: async () => {
        pending.shift()?.()
        await Promise.resolve()
        await Promise.resolve()
      },
    }
  }

  it('keeps one write in flight and writes what came meanwhile after it, in order', async () => {
    const slow = slowWriter()
    const { log } = createRequestLog(slow.write)
    log('one')
    vi.advanceTimersByTime(50)
    log('two')
    vi.advanceTimersByTime(50)
    log('three')
    vi.advanceTimersByTime(50)
    // The first write has not finished: the lines since wait rather than a second write.
    expect(slow.writes).toEqual(['one\n'])
    await slow.finish()
    expect(slow.writes).toEqual(['one\n', 'two\nthree\n'])
  })

  it('drops lines past 4 MiB waiting and says how many, instead of holding them all', async () => {
    const slow = slowWriter()
    const { log } = createRequestLog(slow.write)
    log('first')
    vi.advanceTimersByTime(50)
    const line = 'x'.repeat(1000)
    // About 10 MB of lines while the first write hangs: more than the 4 MiB kept.
    for (let i = 0; i < 10_000; i++) log(line)
    vi.advanceTimersByTime(50)
    await slow.finish()
    const written = slow.writes.slice(1).join('')
    expect(written.length).toBeLessThan(5 * 1024 * 1024)
    expect(written.length).toBeGreaterThan(3 * 1024 * 1024)
    await slow.finish()
    const all = slow.writes.join('')
    const dropped = /… (\d+) log lines dropped: the output could not keep up\n/.exec(all)
    expect(Number(dropped?.[1])).toBeGreaterThan(5000)
    const kept = all.split('\n').filter((text) => text === line).length
    expect(kept + Number(dropped?.[1])).toBe(10_000)
  })
})

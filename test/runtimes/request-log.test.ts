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

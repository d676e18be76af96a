import type { Dispatcher } from 'undici'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { heldBytes, upstreamAnswer } from '../../src/node/proxy/upstream-answer.ts'

// Issue 26, point 1: undici's parser, when resumed with nothing buffered on its socket, runs
// `execute(socket.read() || EMPTY_BUF)` and hands the handler an empty chunk. Queued and paused
// on, that chunk made the reader pull, the pull resume, the resume deliver another empty chunk:
// a loop of microtasks that never let the event loop turn. The fake below does what undici's
// parser and controller do, and gives up (errors the body) past a bound so a spinning handler
// fails the test instead of hanging it.

const emptyChunk = Buffer.alloc(0)

interface FakeUpstream {
  /** Chunks the fake socket has received but not yet handed to the handler. */
  readonly buffered: Buffer[]
  readonly controller: Dispatcher.DispatchController & { resumes: number; aborted: boolean }
  /** Makes the next chunk "arrive on the socket". */
  arrive(chunk: Buffer): void
  end(): void
}

/** A stand-in for undici's H1 parser and its controller: pause() stops delivery at once. */
function fakeUpstream(handler: Dispatcher.DispatchHandler, maxResumes: number): FakeUpstream {
  const buffered: Buffer[] = []
  let paused = false
  let ended = false
  let settled = false
  const deliver = (chunk: Buffer): void => {
    handler.onResponseData?.(controller, chunk)
  }
  // Like Parser.readMore: while not paused, hand over what the socket holds.
  const readMore = (): void => {
    while (!paused && buffered.length > 0) deliver(buffered.shift() as Buffer)
    if (!paused && ended && buffered.length === 0 && !settled) {
      settled = true
      handler.onResponseEnd?.(controller, {})
    }
  }
  const controller = {
    resumes: 0,
    aborted: false,
    get paused() {
      return paused
    },
    get reason() {
      return null
    },
    rawHeaders: null,
    rawTrailers: null,
    pause() {
      paused = true
    },
    resume() {
      if (!paused) return
      controller.resumes++
      if (controller.resumes > maxResumes) {
        // The handler spins: stop it here with an error it passes on to the body's reader.
        if (!settled) {
          settled = true
          handler.onResponseError?.(
            controller,
            new Error(`spun: ${controller.resumes} resumes without the body moving on`),
          )
        }
        return
      }
      paused = false
      // Parser.resume: execute(socket.read() || EMPTY_BUF), synchronously, then readMore().
      deliver((buffered.shift() as Buffer | undefined) ?? emptyChunk)
      readMore()
    },
    abort() {
      controller.aborted = true
    },
  } as unknown as FakeUpstream['controller']
  return {
    buffered,
    controller,
    arrive(chunk) {
      buffered.push(chunk)
      readMore()
    },
    end() {
      ended = true
      readMore()
    },
  }
}

/** Reads a body to its end: its size, and how many chunks (empty ones included) came. */
async function readAll(
  body: ReadableStream<Uint8Array> | Uint8Array,
): Promise<{ bytes: number; chunks: number; empty: number }> {
  if (body instanceof Uint8Array) return { bytes: body.length, chunks: 1, empty: 0 }
  let bytes = 0
  let chunks = 0
  let empty = 0
  for await (const part of body) {
    bytes += part.length
    chunks++
    if (part.length === 0) empty++
  }
  return { bytes, chunks, empty }
}

describe('upstreamAnswer streaming', () => {
  it('ignores the empty chunk a resume delivers and ends the body, instead of spinning', async () => {
    const { handler, answer } = upstreamAnswer()
    const upstream = fakeUpstream(handler, 10_000)
    handler.onResponseStart?.(upstream.controller, 200, {}, 'OK')
    const chunk = Buffer.alloc(16 * 1024, 1)
    const count = 64 // 1 MiB, well past heldBytes: it streams
    // Chunks come a few at a time, on later turns than the reader's: the reader falls behind
    // within a turn (the handler pauses), then catches up and finds the socket empty when it
    // resumes it, as in the report.
    const sending = (async () => {
      for (let i = 0; i < count; i += 4) {
        for (let j = 0; j < 4; j++) upstream.arrive(chunk)
        await new Promise((resolve) => setImmediate(resolve))
      }
      upstream.end()
    })()
    const { body } = await answer
    const read = await readAll(body)
    await sending
    expect(read.bytes).toBe(chunk.length * count)
    expect(read.empty).toBe(0)
    expect(upstream.controller.resumes).toBeLessThan(2 * count)
  })

  it('pauses the upstream while the reader is behind, and resumes it only when paused', async () => {
    const { handler, answer } = upstreamAnswer()
    const upstream = fakeUpstream(handler, 10_000)
    let resumesWhileRunning = 0
    const resume = upstream.controller.resume.bind(upstream.controller)
    upstream.controller.resume = () => {
      if (!upstream.controller.paused) resumesWhileRunning++
      resume()
    }
    handler.onResponseStart?.(upstream.controller, 200, {}, 'OK')
    const chunk = Buffer.alloc(16 * 1024, 2)
    const count = 128 // 2 MiB, all of it on the socket at once: the handler must pause
    for (let i = 1; i < count; i++) upstream.buffered.push(chunk)
    upstream.arrive(chunk)
    upstream.end()
    // Paused mid-body, with most of the body still on the fake socket.
    expect(upstream.controller.paused).toBe(true)
    expect(upstream.buffered.length).toBeGreaterThan(count / 2)
    const { body } = await answer
    const read = await readAll(body)
    expect(read.bytes).toBe(chunk.length * count)
    expect(read.empty).toBe(0)
    expect(resumesWhileRunning).toBe(0)
  })

  it('holds an answer up to heldBytes whole, ignoring empty chunks in it', async () => {
    const { handler, answer } = upstreamAnswer()
    const upstream = fakeUpstream(handler, 10)
    handler.onResponseStart?.(upstream.controller, 200, {}, 'OK')
    upstream.arrive(emptyChunk)
    upstream.arrive(Buffer.from('hello'))
    upstream.arrive(emptyChunk)
    upstream.end()
    const { body } = await answer
    expect(body).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(body as Uint8Array).toString()).toBe('hello')
    expect(heldBytes).toBeGreaterThan(5)
  })

  it('aborts the upstream when the reader cancels mid-body, and drops what still comes', async () => {
    const { handler, answer } = upstreamAnswer()
    const upstream = fakeUpstream(handler, 10_000)
    handler.onResponseStart?.(upstream.controller, 200, {}, 'OK')
    upstream.arrive(Buffer.alloc(heldBytes + 1))
    const { body } = await answer
    const reader = (body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel(new Error('the client went away'))
    expect(upstream.controller.aborted).toBe(true)
    // What undici may still hand over after the abort goes nowhere and throws nothing.
    expect(() => handler.onResponseData?.(upstream.controller, Buffer.alloc(1024))).not.toThrow()
  })
})

// Issue 40, L2: an upstream that trickles its body left the client with nothing, past
// --proxy-timeout: the hold before the head had no clock. Faked timers: no wall clock here.
describe('upstreamAnswer hold before the head', () => {
  it('sends the head with what has come once holdMs has passed, then streams the rest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const { handler, answer } = upstreamAnswer({ holdMs: 3000 })
    const upstream = fakeUpstream(handler, 10_000)
    let settled = false
    void answer.then(() => (settled = true))
    handler.onResponseStart?.(upstream.controller, 200, {}, 'OK')
    upstream.arrive(Buffer.from('a'))
    await vi.advanceTimersByTimeAsync(2999)
    expect(settled).toBe(false)
    upstream.arrive(Buffer.from('b'))
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
    const { status, body } = await answer
    expect(status).toBe(200)
    upstream.arrive(Buffer.from('c'))
    upstream.end()
    const text = await new Response(body as ReadableStream<Uint8Array>).text()
    expect(text).toBe('abc')
  })

  it('still answers a body that ends in time whole, with no stream', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const { handler, answer } = upstreamAnswer({ holdMs: 3000 })
    const upstream = fakeUpstream(handler, 10_000)
    handler.onResponseStart?.(upstream.controller, 200, {}, 'OK')
    upstream.arrive(Buffer.from('whole'))
    upstream.end()
    await vi.advanceTimersByTimeAsync(5000)
    const { body } = await answer
    expect(body).toBeInstanceOf(Uint8Array)
    expect(Buffer.from(body as Uint8Array).toString()).toBe('whole')
  })
})

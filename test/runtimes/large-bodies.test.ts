import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { createBodyBudget } from '../../src/node/server/body-budget.ts'
import { createLargeBodies, type LargeBodies } from '../../src/node/server/large-bodies.ts'
import { nodeRecord } from '../../src/node/server/app.ts'
import { takesLargeBody } from '../../src/node/server/node-edge.ts'

// Issue 26, point 9: large bodies are read side by side within a byte budget and a deadline,
// then answered one at a time. Driven here with web streams the test feeds; over real sockets
// in test/robustness/slow-senders.test.ts.

const limitBytes = 1024 * 1024

/** Lets every pending promise callback and I/O turn run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

interface FedBody {
  readonly request: Request
  /** The body's reading has begun (its first bytes were asked for). */
  started(): boolean
  /** Sends the rest of the body and ends it. */
  finish(): void
}

/** A PUT declaring `length` bytes, of which half come when asked and the rest on finish(). */
function fedBody(length: number, headers: Record<string, string> = {}): FedBody {
  let started = false
  let finish!: () => void
  const rest = new Promise<void>((resolve) => (finish = resolve))
  let sent = 0
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        started = true
        if (sent === 0) {
          sent = Math.ceil(length / 2)
          controller.enqueue(new Uint8Array(sent).fill(97))
          return
        }
        await rest
        if (sent < length) controller.enqueue(new Uint8Array(length - sent).fill(98))
        sent = length
        controller.close()
      },
    },
    // Nothing is asked for before a reader reads: `started` means the mock began reading.
    { highWaterMark: 0 },
  )
  const request = new Request('http://127.0.0.1/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { 'Content-Length': String(length), ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  return { request, started: () => started, finish }
}

function hostOf(request: Request): ReturnType<typeof nodeRecord> {
  return nodeRecord({ request })
}

/** `run` with a dispatch that answers a plain Response, and its Response back. */
async function runOn(
  large: LargeBodies,
  request: Request,
  dispatch: (sent: Request) => Promise<Response>,
): Promise<Response | undefined> {
  const answered = await large.run(request, hostOf(request), async (sent) => ({
    response: await dispatch(sent),
    exchange: null,
  }))
  return answered?.response
}

describe('createLargeBodies', () => {
  it('reads large bodies side by side up to the byte budget, no more at once, and answers them one at a time', async () => {
    const large = createLargeBodies({ limitBytes, budgetBytes: 250_000, deadlineMs: 10_000 })
    const bodies = Array.from({ length: 10 }, () => fedBody(100_000))
    let dispatching = 0
    let mostDispatching = 0
    const sizes: number[] = []
    const answered = bodies.map(() => false)
    const runs = bodies.map((body, i) =>
      runOn(large, body.request, async (sent) => {
        dispatching++
        mostDispatching = Math.max(mostDispatching, dispatching)
        sizes.push((await sent.arrayBuffer()).byteLength)
        await settle()
        dispatching--
        return new Response('ok')
      }).finally(() => {
        answered[i] = true
      }),
    )
    // Bodies begun and not yet answered: what is held in memory.
    const held = (): number => bodies.filter((body, i) => body.started() && !answered[i]).length
    await settle()
    // Each body takes 64 KiB of room before its first read: three fit in 250,000, a fourth
    // would not, and is not read at all yet.
    expect(held()).toBe(3)
    const heldAlong: number[] = []
    for (const body of bodies) {
      body.finish()
      await settle()
      heldAlong.push(held())
    }
    const answers = await Promise.all(runs)
    expect(answers.map((response) => response?.status)).toEqual(bodies.map(() => 200))
    expect(sizes).toEqual(bodies.map(() => 100_000))
    expect(Math.max(...heldAlong)).toBeLessThanOrEqual(3)
    expect(mostDispatching).toBe(1)
  })

  it('answers 408 in the ResponseStatus shape when a large body is not whole within the deadline, without dispatching it, and frees its share', async () => {
    const large = createLargeBodies({ limitBytes, budgetBytes: 100_000, deadlineMs: 50 })
    const late = fedBody(100_000)
    let dispatched = 0
    const dispatch = async (): Promise<Response> => {
      dispatched++
      return new Response('ok')
    }
    const response = await runOn(large, late.request, dispatch)
    expect(response?.status).toBe(408)
    expect(response?.headers.get('connection')).toBe('close')
    expect(await response?.json()).toEqual({
      ResponseStatus: {
        ErrorCode: 'RequestTimeout',
        Message: 'Failed to read request: the body did not arrive whole within 50 ms',
        Errors: [],
      },
    })
    expect(dispatched).toBe(0)
    // The budget holds exactly one such body: the next one is read, so the first let go.
    const next = fedBody(100_000)
    const running = runOn(large, next.request, dispatch)
    await settle()
    expect(next.started()).toBe(true)
    next.finish()
    expect((await running)?.status).toBe(200)
    expect(dispatched).toBe(1)
  })

  it('leaves a small body, a body declared past the limit, and a GET to be dispatched at once', () => {
    const get = new Request('http://127.0.0.1/RestApi/comments-api/comments', {
      headers: { 'Content-Length': '100000' },
    })
    const requests = [fedBody(1000).request, fedBody(limitBytes + 1).request, get]
    expect(requests.map((request) => takesLargeBody(hostOf(request), limitBytes))).toEqual([
      false,
      false,
      false,
    ])
    const taken = [fedBody(100_000).request, fedBody(limitBytes).request]
    expect(taken.map((request) => takesLargeBody(hostOf(request), limitBytes))).toEqual([
      true,
      true,
    ])
  })

  it('hands a body of unknown length past the limit on whole, from its first byte, holding none of it', async () => {
    const budget = createBodyBudget({ maxBytes: 16 * 1024 * 1024 })
    const large = createLargeBodies({ limitBytes, budget, deadlineMs: 10_000 })
    const part = new Uint8Array(512 * 1024).fill(7)
    let parts = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (parts++ < 3) controller.enqueue(part)
        else controller.close()
      },
    })
    const request = new Request('http://127.0.0.1/elsewhere', {
      method: 'POST',
      headers: { 'Transfer-Encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit)
    let heldWhileDispatched = -1
    expect(takesLargeBody(hostOf(request), limitBytes)).toBe(true)
    const response = await runOn(large, request, async (sent) => {
      heldWhileDispatched = budget.held()
      const bytes = new Uint8Array(await sent.arrayBuffer())
      return new Response(String(bytes.length))
    })
    expect(await response?.text()).toBe(String(3 * part.length))
    expect(heldWhileDispatched).toBe(0)
    expect(budget.held()).toBe(0)
  })
})

describe('createBodyBudget', () => {
  it('lets the body begun last give way when every body being read waits for room no one can give back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
    const budget = createBodyBudget({ maxBytes: 200 })
    const evicted: string[] = []
    const a = budget.open(() => evicted.push('a'))
    const b = budget.open(() => evicted.push('b'))
    await a.take(100)
    await b.take(100)
    let aGranted = false
    void a.take(50).then(() => (aGranted = true))
    void b.take(50)
    await settle()
    expect(aGranted).toBe(false)
    await vi.advanceTimersByTimeAsync(2000)
    expect(evicted).toEqual(['b'])
    expect(aGranted).toBe(true)
    expect(budget.held()).toBe(150)
  })

  it('grants in the order asked, lets a chunk larger than the budget in alone, and frees on release', async () => {
    const budget = createBodyBudget({ maxBytes: 100 })
    const granted: string[] = []
    const ask = (name: string, bytes: number) => {
      const share = budget.open(() => expect.fail(`${name} evicted`))
      const taken = share.take(bytes).then(() => {
        granted.push(name)
      })
      return { share, taken }
    }
    const a = ask('a', 60)
    const b = ask('b', 60) // does not fit beside a
    const c = ask('c', 10) // fits, but waits behind b: first come, first served
    await settle()
    expect(granted).toEqual(['a'])
    a.share.release()
    await settle()
    expect(granted).toEqual(['a', 'b', 'c'])
    expect(budget.held()).toBe(70)
    const huge = ask('huge', 500)
    b.share.release()
    c.share.release()
    await settle()
    expect(granted).toEqual(['a', 'b', 'c', 'huge'])
    huge.share.release()
    huge.share.release() // twice is once
    expect(budget.held()).toBe(0)
  })
})

/** A PUT declaring `length` bytes that sends `first` of them at once, then nothing, ever. */
function stalledBody(length: number, first: number): Request {
  let sent = false
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent) return new Promise<void>(() => {})
        sent = true
        controller.enqueue(new Uint8Array(first).fill(32))
        return undefined
      },
    },
    { highWaterMark: 0 },
  )
  return new Request('http://127.0.0.1/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { 'Content-Length': String(length) },
    body,
    duplex: 'half',
  } as RequestInit)
}

/** A whole PUT of `length` bytes. */
function wholeBody(length: number): Request {
  return new Request('http://127.0.0.1/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: { 'Content-Length': String(length) },
    body: new Uint8Array(length).fill(97),
  })
}

// Issue 40, L1: 20 senders that each declared 1 MiB and trickled filled the 16 MiB budget,
// which was reserved by declared length, and a normal 100 KB PUT waited 23.5 s for their
// deadline. Faked timers: no deadline and no rate window passes unless the test moves time.
/** A dispatch that answers `ok` and keeps the byte length of each body it was handed. */
function countingDispatch() {
  const dispatched: number[] = []
  const dispatch = async (sent: Request): Promise<Response> => {
    dispatched.push((await sent.arrayBuffer()).byteLength)
    return new Response('ok')
  }
  return { dispatched, dispatch }
}

describe('the large-body budget, shared fairly', () => {
  const fakeTime = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
    onTestFinished(() => {
      vi.useRealTimers()
    })
  }

  it('lets a 100 KB PUT through at once beside 20 slow senders that each declare 1 MiB', async () => {
    fakeTime()
    const large = createLargeBodies({ limitBytes })
    const { dispatched, dispatch } = countingDispatch()
    for (let i = 0; i < 20; i++) void runOn(large, stalledBody(limitBytes, 1), dispatch)
    await settle()
    const normal = runOn(large, wholeBody(100_000), dispatch)
    for (let i = 0; i < 5; i++) await settle()
    expect(dispatched).toEqual([100_000])
    expect((await normal)?.status).toBe(200)
  })

  it('takes the room of senders that stall while others wait, and lets the waiting one in', async () => {
    fakeTime()
    const large = createLargeBodies({ limitBytes })
    const { dispatched, dispatch } = countingDispatch()
    // Each sends all but a byte of its megabyte at once, then stalls: 16 fill the budget.
    const stalled = Array.from({ length: 16 }, () =>
      runOn(large, stalledBody(limitBytes, limitBytes - 1), dispatch),
    )
    await settle()
    const normal = runOn(large, wholeBody(100_000), dispatch)
    for (let i = 0; i < 5; i++) await settle()
    expect(dispatched).toEqual([])
    // Two rate windows, far short of the 25 s deadline.
    await vi.advanceTimersByTimeAsync(4_000)
    for (let i = 0; i < 5; i++) await settle()
    expect(dispatched).toEqual([100_000])
    expect((await normal)?.status).toBe(200)
    const refused = await Promise.all(stalled)
    expect(refused.map((response) => response?.status)).toEqual(stalled.map(() => 408))
    expect(await refused[0]?.json()).toEqual({
      ResponseStatus: {
        ErrorCode: 'RequestTimeout',
        Message:
          'Failed to read request: the body came slower than 8192 bytes a second while other large bodies waited for room, and gave its room up',
        Errors: [],
      },
    })
  })
})

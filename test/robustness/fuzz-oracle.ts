import { expect } from 'vitest'
import { createApp, createStore, type Store } from '../../src/index.ts'
import { toRequest, type FuzzRequest } from './request-arbitraries.ts'

// What every answer to a fuzzed request must satisfy (decisions.md section 3: "Never a 500,
// never a crash"), in any runtime that answers a web-standard Request.

/** One runtime: the Hono app (`app.request`) or the msw handlers (`getResponse`). */
export interface Runtime {
  readonly name: 'app' | 'msw'
  send(request: Request): Promise<Response | undefined>
}

const origin = 'http://localhost'

/** The message the dispatch logs when a resolver threw: a bug reached the edge. */
export const unexpectedErrorLog = 'restapi-mock: unexpected error while answering'

/**
 * The fault the journal recorded for this very request (`code=503 (Prefer)`, `network (rule
 * 1)`), or undefined when its last entry is another request. Deliberate faults, and only they,
 * may answer a 5xx or drop the connection.
 */
async function journalFault(runtime: Runtime, url: string): Promise<string | null | undefined> {
  const request = new Request(`${origin}/__mock/journal?limit=1`)
  const { entries } = (await answered(runtime, request, 200)) as {
    entries: { url: string; fault: string | null }[]
  }
  const last = entries.at(-1)
  return last?.url === url ? last.fault : undefined
}

/** Sends a request that must be answered with `status`; answers its JSON body, if any. */
async function answered(runtime: Runtime, request: Request, status: number): Promise<unknown> {
  const response = await runtime.send(request)
  if (response === undefined) throw new Error(`Failed to get an answer to ${request.url}`)
  expect(response.status, request.url).toBe(status)
  const text = await response.text()
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

/** Keys compared as `?jsconfig=` may spell them: any case, snake_case or not. */
function normalizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key.replaceAll('_', '').toLowerCase(),
      normalizeKeys(item),
    ]),
  )
}

/** `{"ResponseStatus":{"ErrorCode":…,"Message":…,"Errors":[…]}}`, in any jsconfig casing. */
function expectResponseStatus(body: unknown, exact: boolean): void {
  expect(body).toBeTypeOf('object')
  if (exact) expect(Object.keys(body as object)).toEqual(['ResponseStatus'])
  const status = (normalizeKeys(body) as { responsestatus?: Record<string, unknown> })
    .responsestatus
  expect(status, 'a ResponseStatus member').toBeTypeOf('object')
  const { errorcode, message, errors } = status ?? {}
  expect(errorcode).toBeTypeOf('string')
  expect(errorcode).not.toBe('')
  if (exact || message !== undefined) expect(message).toBeTypeOf('string')
  if (exact || errors !== undefined) {
    expect(Array.isArray(errors)).toBe(true)
    for (const entry of errors as unknown[]) expect(entry).toBeTypeOf('object')
  }
}

/**
 * Sends one fuzzed request and checks its answer: no rejection but a deliberate network fault,
 * no 5xx but a deliberate one, JSON that parses, and every error in the ServiceStack shape.
 */
export async function checkExchange(runtime: Runtime, fuzzed: FuzzRequest): Promise<void> {
  const request = toRequest(fuzzed)
  const { url, method } = request
  let response: Response | undefined
  try {
    response = await runtime.send(request)
  } catch (error) {
    // The app rejects only for `Prefer: fault=network`, `?__fault=network` or a network rule.
    expect(runtime.name, `${runtime.name} rejected: ${String(error)}`).toBe('app')
    expect((error as Error).name, String(error)).toBe('NetworkFault')
    expect(await journalFault(runtime, url)).toMatch(/^network \(/)
    return
  }
  if (response === undefined) {
    // msw passes on what none of its handlers matches: only what the mock has no route for.
    expect(runtime.name).toBe('msw')
    const app = createApp({ store: createStore({ seed: 1 }), cors: false })
    const plain = await app.request(toRequest(fuzzed))
    expect(plain.status).toBe(404)
    if (method !== 'HEAD') expect(await plain.text()).toBe('404')
    return
  }
  const { status } = response
  if (status === 0) {
    // msw's form of a network fault: `Response.error()`.
    expect(runtime.name).toBe('msw')
    expect(response.type).toBe('error')
    expect(await journalFault(runtime, url)).toMatch(/^network \(/)
    return
  }
  expect(status).toBeGreaterThanOrEqual(200)
  expect(status).toBeLessThan(600)
  if (status >= 500) {
    const fault = await journalFault(runtime, url)
    expect(fault, `a ${status} that no one asked for`).toMatch(new RegExp(`^code=${status} \\(`))
  }
  if (method === 'HEAD') return
  const text = await response.text()
  const type = response.headers.get('content-type') ?? ''
  if (/^application\/json/i.test(type) && text !== '') {
    let parsed: unknown
    expect(
      () => (parsed = JSON.parse(text)),
      `JSON that parses: ${text.slice(0, 200)}`,
    ).not.toThrow()
    if (status >= 400) expectResponseStatus(parsed, !new URL(url).searchParams.has('jsconfig'))
  }
  if (status >= 400 && !(status === 404 && type === 'text/plain' && text === '404')) {
    // Every other error, in every format, is an ErrorResponse.
    expect(text, `a ${status} ${type} answer`).toMatch(/response_?status/i)
  }
}

/**
 * After whatever came before: the control plane still answers, an ordinary update is applied
 * and answered, and the state shows it.
 */
export async function expectStillServing(
  runtime: Runtime,
  store: Store,
  label: string,
): Promise<void> {
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
  await answered(runtime, new Request(`${origin}/__mock/faults`, { method: 'DELETE' }), 204)
  const noLatency = { method: 'PUT', headers: json, body: 'null' }
  await answered(runtime, new Request(`${origin}/__mock/latency`, noLatency), 200)

  const key = store.state.comments.keys().next().value
  const message = `still serving (${label})`
  const update = new Request(`${origin}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ Key: key, Message: message }),
  })
  const updated = (await answered(runtime, update, 200)) as { Message?: string }
  expect(updated.Message).toBe(message)

  const state = new Request(`${origin}/__mock/state`)
  const { Comments } = (await answered(runtime, state, 200)) as {
    Comments: { Message?: string }[]
  }
  expect(Comments.some((comment) => comment.Message === message)).toBe(true)
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
}

import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { getResponse, type HttpHandler } from 'msw'
import type { Hono } from 'hono'
import {
  createApp,
  createMock,
  createStore,
  type Mock,
  type MockOptions,
  type Store,
} from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { NetworkFault } from '../../src/node/network-fault.ts'
import { now } from './app.ts'

/** The origin msw requests are built on; `app.request('/x')` uses the same one. */
export const origin = 'http://localhost'

export const commentsPath = '/RestApi/comments-api/comments'
export const abTestsPath = '/RestApi/ab-testing'

/** The two ways every control route is reached: the Hono app, and msw's handlers. */
export type Way = 'app' | 'msw'
export const ways: readonly Way[] = ['app', 'msw']

/**
 * What one request came to. A simulated network fault is `network-error`: through the app the
 * promise rejects (`error` is the rejection), through msw the answer is `Response.error()`.
 */
export type Outcome =
  | { readonly kind: 'response'; readonly response: Response }
  | { readonly kind: 'network-error'; readonly error: unknown }

export interface PlaneOptions extends Partial<Omit<MockOptions, 'store'>> {
  store?: Store
}

/** One mock reached one way. */
export interface Plane {
  readonly way: Way
  readonly mock: Mock
  readonly store: Store
  /** Sends one request (a path below the origin) and reports what came of it. */
  send(path: string, init?: RequestInit): Promise<Outcome>
  /** Sends one request that must be answered; a network error throws. */
  request(path: string, init?: RequestInit): Promise<Response>
}

/**
 * A fresh mock (seed 1, JSON by default, the operation tests' fixed clock unless told) reached
 * through `createApp({ mock }).request()` or msw's `getResponse(createHandlers(mock), …)`.
 */
export function createPlane(way: Way, options: PlaneOptions = {}): Plane {
  const store = options.store ?? createStore({ seed: 1 })
  const mock = createMock({ defaultFormat: 'json', clock: () => now, ...options, store })
  const send = way === 'app' ? viaApp(createApp({ mock })) : viaMsw(createHandlers(mock))
  return {
    way,
    mock,
    store,
    send,
    async request(path, init) {
      const outcome = await send(path, init)
      if (outcome.kind === 'network-error') {
        throw new Error(`Failed to get an answer for ${path}: a network error (${way})`)
      }
      return outcome.response
    },
  }
}

function viaApp(app: Hono): Plane['send'] {
  return async (path, init) => {
    try {
      return { kind: 'response', response: await app.request(path, init) }
    } catch (error) {
      if (error instanceof NetworkFault) return { kind: 'network-error', error }
      throw error
    }
  }
}

function viaMsw(handlers: HttpHandler[]): Plane['send'] {
  return async (path, init) => {
    const response = await getResponse(handlers, new Request(origin + path, init))
    if (!response) throw new Error(`Failed to get an answer for ${path}: no msw handler matched`)
    return response.type === 'error'
      ? { kind: 'network-error', error: response }
      : { kind: 'response', response }
  }
}

/** Both ways at once, each with its own mock built from the same options. */
export interface Planes {
  readonly app: Plane
  readonly msw: Plane
}

export function createPlanes(options: Omit<PlaneOptions, 'store'> = {}): Planes {
  return { app: createPlane('app', options), msw: createPlane('msw', options) }
}

/** The same request through both ways; `init` is made anew for each, so bodies can be sent. */
export async function sendBoth(
  planes: Planes,
  path: string,
  init?: () => RequestInit,
): Promise<{ app: Outcome; msw: Outcome }> {
  return {
    app: await planes.app.send(path, init?.()),
    msw: await planes.msw.send(path, init?.()),
  }
}

/** A control-plane request with an optional JSON (or raw text) body. */
export function control(
  plane: Plane,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
    init.headers = { 'Content-Type': 'application/json' }
  }
  return plane.request(path, init)
}

/** The parsed JSON body, typed loosely for assertions. */
export async function readJson(response: Response): Promise<any> {
  const text = await response.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new Error(`Failed to read JSON from a ${response.status} answer: ${text.slice(0, 200)}`)
  }
}

/** `GET /__mock/state` as text: the bytes compared across resets and restores. */
export async function stateText(plane: Plane): Promise<string> {
  const response = await plane.request('/__mock/state')
  if (response.status !== 200) throw new Error(`Failed to read the state: ${response.status}`)
  return response.text()
}

/** Checks a ServiceStack error body in JSON; returns the ResponseStatus for more checks. */
export async function responseStatusOf(response: Response): Promise<Record<string, any>> {
  const body = await readJson(response)
  const status = (body as { ResponseStatus?: Record<string, any> }).ResponseStatus
  if (!status || typeof status !== 'object') {
    throw new Error(`Failed to find a ResponseStatus in ${JSON.stringify(body)}`)
  }
  return status
}

/** The key of a seeded comment (seed order), for updates. */
export function commentKey(store: Store, index = 0): string {
  const comment = Array.from(store.state.comments.values())[index]
  if (!comment?.Key) throw new Error(`Failed to find seeded comment ${index}`)
  return comment.Key
}

/** The stored Message of a comment, read from the store directly. */
export function commentMessage(store: Store, key: string): string | null | undefined {
  return store.state.comments.get(key.toLowerCase())?.Message
}

/** A JSON comment update: `PUT /RestApi/comments-api/comments`. */
export function commentUpdate(
  key: string,
  message: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): RequestInit {
  return {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify({ Key: key, Message: message }),
    ...init,
  }
}

/** A JSON A/B test create (no Id): makes one GUID from the store's sequence. */
export function abTestCreate(title: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify({ Title: title }),
  }
}

/** Random numbers in a fixed order (then the last one again), for latency and probabilities. */
export function sequenceRandom(values: readonly number[]): () => number {
  let index = 0
  return () => {
    const value = values[Math.min(index, values.length - 1)]
    index++
    if (value === undefined) throw new Error('Failed to draw: sequenceRandom needs values')
    return value
  }
}

/** Milliseconds a promise took to settle (resolve or reject), with its outcome. */
export async function timed<T>(
  work: () => Promise<T>,
): Promise<{ ms: number; value?: T; error?: unknown }> {
  const start = performance.now()
  try {
    const value = await work()
    return { ms: performance.now() - start, value }
  } catch (error) {
    return { ms: performance.now() - start, error }
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined,
  timeoutMs: number,
  intervalMs = 10,
): Promise<T> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (performance.now() > deadline)
      throw new Error(`Failed to see ${what} within ${timeoutMs} ms`)
    await delay(intervalMs)
  }
}

/** A fresh directory under the OS temp dir; remove it with `removeTempDir`. */
export function makeTempDir(): string {
  return mkdtempSync(join(tmpdir(), 'plane-state-'))
}

export function removeTempDir(dir: string): void {
  if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
}

// ---------------------------------------------------------------------------------------------
// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the required fields and their types.

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Every way a document falls short of HAR 1.2: required fields missing or of the wrong type,
 * optional ones of the wrong type, and `time` not the sum of the timings. Empty when valid.
 */
export function harProblems(document: unknown): string[] {
  const problems: string[] = []
  const need = (
    where: string,
    object: Json,
    field: string,
    type: 'string' | 'number' | 'array' | 'object',
    optional = false,
  ): unknown => {
    const value = object[field]
    if (value === undefined) {
      if (!optional) problems.push(`${where}.${field} is missing`)
      return undefined
    }
    const ok =
      type === 'array'
        ? Array.isArray(value)
        : type === 'object'
          ? isObject(value)
          : typeof value === type && (type !== 'number' || Number.isFinite(value))
    if (!ok) problems.push(`${where}.${field} is not a ${type}: ${JSON.stringify(value)}`)
    return ok ? value : undefined
  }
  const nameValues = (where: string, list: unknown): void => {
    if (!Array.isArray(list)) return
    list.forEach((item: unknown, index) => {
      const at = `${where}[${index}]`
      if (!isObject(item)) return void problems.push(`${at} is not an object`)
      need(at, item, 'name', 'string')
      need(at, item, 'value', 'string')
    })
  }

  if (!isObject(document)) return ['the document is not an object']
  const log = need('', document, 'log', 'object') as Json | undefined
  if (!log) return problems
  if (log.version !== '1.2') problems.push(`log.version is ${JSON.stringify(log.version)}`)
  const creator = need('log', log, 'creator', 'object') as Json | undefined
  if (creator) {
    need('log.creator', creator, 'name', 'string')
    need('log.creator', creator, 'version', 'string')
  }
  need('log', log, 'pages', 'array', true)
  const entries = need('log', log, 'entries', 'array') as unknown[] | undefined
  entries?.forEach((raw, index) => {
    const at = `log.entries[${index}]`
    if (!isObject(raw)) return void problems.push(`${at} is not an object`)
    const started = need(at, raw, 'startedDateTime', 'string') as string | undefined
    if (
      started !== undefined &&
      !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(started)
    )
      problems.push(`${at}.startedDateTime is not ISO 8601: ${started}`)
    const time = need(at, raw, 'time', 'number') as number | undefined
    if (time !== undefined && time < 0) problems.push(`${at}.time is negative`)

    const request = need(at, raw, 'request', 'object') as Json | undefined
    if (request) {
      const r = `${at}.request`
      need(r, request, 'method', 'string')
      const url = need(r, request, 'url', 'string') as string | undefined
      if (url !== undefined && !URL.canParse(url)) problems.push(`${r}.url is not absolute`)
      need(r, request, 'httpVersion', 'string')
      need(r, request, 'cookies', 'array')
      nameValues(`${r}.headers`, need(r, request, 'headers', 'array'))
      nameValues(`${r}.queryString`, need(r, request, 'queryString', 'array'))
      const postData = need(r, request, 'postData', 'object', true) as Json | undefined
      if (postData) {
        need(`${r}.postData`, postData, 'mimeType', 'string')
        const text = need(`${r}.postData`, postData, 'text', 'string', true)
        const params = need(`${r}.postData`, postData, 'params', 'array', true)
        if ((text === undefined) === (params === undefined))
          problems.push(`${r}.postData needs exactly one of text and params`)
      }
      need(r, request, 'headersSize', 'number')
      need(r, request, 'bodySize', 'number')
    }

    const response = need(at, raw, 'response', 'object') as Json | undefined
    if (response) {
      const r = `${at}.response`
      need(r, response, 'status', 'number')
      need(r, response, 'statusText', 'string')
      need(r, response, 'httpVersion', 'string')
      need(r, response, 'cookies', 'array')
      nameValues(`${r}.headers`, need(r, response, 'headers', 'array'))
      const content = need(r, response, 'content', 'object') as Json | undefined
      if (content) {
        need(`${r}.content`, content, 'size', 'number')
        need(`${r}.content`, content, 'mimeType', 'string')
        need(`${r}.content`, content, 'text', 'string', true)
      }
      need(r, response, 'redirectURL', 'string')
      need(r, response, 'headersSize', 'number')
      need(r, response, 'bodySize', 'number')
    }

    need(at, raw, 'cache', 'object')
    const timings = need(at, raw, 'timings', 'object') as Json | undefined
    if (timings) {
      let sum = 0
      for (const [name, optional] of [
        ['blocked', true],
        ['dns', true],
        ['connect', true],
        ['send', false],
        ['wait', false],
        ['receive', false],
        ['ssl', true],
      ] as const) {
        const value = need(`${at}.timings`, timings, name, 'number', optional) as number | undefined
        if (value === undefined) continue
        if (value < -1 || (!optional && value < 0))
          problems.push(`${at}.timings.${name} is out of range: ${value}`)
        // `ssl` is included in `connect`; -1 means "does not apply".
        if (value > 0 && name !== 'ssl') sum += value
      }
      // "time: the sum of all timings available in the timings object (not including -1)."
      if (time !== undefined && Math.abs(sum - time) > 2)
        problems.push(`${at}.time ${time} is not the sum of its timings ${sum}`)
    }
    need(at, raw, 'comment', 'string', true)
  })
  return problems
}

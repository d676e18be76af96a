import { getResponse, type HttpHandler } from 'msw'
import type { Hono } from 'hono'
import type { AppEnv, Mock, MockOptions, Store } from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { NetworkFault } from '../../src/node/server/network-fault.ts'
import { buildApp } from './app.ts'
import { origin } from './requests.ts'

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
 * A fresh mock, as `buildApp` builds it (seed 1, JSON by default, the fixed clock unless told),
 * reached through `createApp({ mock }).request()` or msw's `getResponse(createHandlers(mock), …)`.
 */
export function createPlane(way: Way, options: PlaneOptions = {}): Plane {
  const { app, mock } = buildApp(options)
  const send = way === 'app' ? viaApp(app) : viaMsw(createHandlers(mock))
  return {
    way,
    mock,
    store: mock.store,
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

function viaApp(app: Hono<AppEnv>): Plane['send'] {
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

/** Adds fault rules before a test's request (setup: a refused rule throws, naming why). */
export async function addFaultRules(plane: Plane, rules: readonly object[]): Promise<void> {
  for (const rule of rules) {
    const response = await control(plane, 'POST', '/__mock/faults', rule)
    if (response.status !== 201) {
      throw new Error(`Failed to add a fault rule: ${response.status} ${await response.text()}`)
    }
  }
}

/** `GET /__mock/state` as text: the bytes compared across resets and restores. */
export async function stateText(plane: Plane): Promise<string> {
  const response = await plane.request('/__mock/state')
  if (response.status !== 200) throw new Error(`Failed to read the state: ${response.status}`)
  return response.text()
}

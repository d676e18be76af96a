import type { Hono } from 'hono'
import {
  createApp,
  createMock,
  createStore,
  type AppEnv,
  type AppOptions,
  type Mock,
  type Store,
} from '../../src/index.ts'

/** The server's clock in every app and server test: 2026-03-01T12:00:00Z. */
export const now = new Date('2026-03-01T12:00:00Z')
export const nowMs = now.getTime()

export interface TestApp {
  readonly app: Hono<AppEnv>
  readonly mock: Mock
  readonly store: Store
}

/**
 * A fresh app on its own store (seed 1 unless given) and the fixed clock, answering JSON when a
 * request names no format: the operation and runtime tests read every answer as JSON.
 */
export function buildApp(options: AppOptions = {}): TestApp {
  const store = options.store ?? createStore({ seed: 1 })
  const mock =
    options.mock ?? createMock({ defaultFormat: 'json', clock: () => now, ...options, store })
  return { app: createApp({ ...options, mock }), mock, store: mock.store }
}

/**
 * The same, but answering a request that names no format as the real host does (HTML): for the
 * negotiation and format tests, where that default is part of what they check.
 */
export function buildHostApp(options: AppOptions = {}): TestApp {
  return buildApp({ defaultFormat: undefined, ...options })
}

/** Sends a JSON body (an object is stringified, a string is sent as it is). */
export function sendJson(
  app: Hono<AppEnv>,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const init: RequestInit = {
    method,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
  }
  // GET and HEAD cannot carry a body in a web-standard Request.
  if (body !== undefined && method !== 'GET' && method !== 'HEAD')
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
  return Promise.resolve(app.request(path, init))
}

/** `GET /__mock/state`, parsed. */
export async function readState(app: Hono<AppEnv>): Promise<Record<string, any[]>> {
  const response = await app.request('/__mock/state')
  return (await response.json()) as Record<string, any[]>
}

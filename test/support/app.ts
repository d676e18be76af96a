import type { Hono } from 'hono'
import { createApp, createStore, type AppOptions, type Store } from '../../src/index.ts'

/** The server's clock in every operation test: 2026-03-01T12:00:00Z. */
export const now = new Date('2026-03-01T12:00:00Z')
export const nowMs = now.getTime()

export interface TestApp {
  readonly store: Store
  readonly app: Hono
}

/** A fresh store (seed 1 unless told) and a JSON-by-default app on a fixed clock. */
export function buildApp(options: AppOptions = {}): TestApp {
  const store = options.store ?? createStore({ seed: 1 })
  const app = createApp({ defaultFormat: 'json', clock: () => now, ...options, store })
  return { store, app }
}

/** Sends a JSON body (an object is stringified, a string is sent as it is). */
export function sendJson(
  app: Hono,
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

/** The parsed JSON body of a response, typed loosely for assertions. */
export async function json(response: Response): Promise<Record<string, any>> {
  return (await response.json()) as Record<string, any>
}

/** The exact error body the mock writes for a ServiceStack exception without field errors. */
export function errorBody(errorCode: string, message: string): string {
  return JSON.stringify({ ResponseStatus: { ErrorCode: errorCode, Message: message, Errors: [] } })
}

/** `GET /__mock/state`, parsed. */
export async function readState(app: Hono): Promise<Record<string, any[]>> {
  const response = await app.request('/__mock/state')
  return (await response.json()) as Record<string, any[]>
}

/** A value of a Map that must exist, for seeded lookups. */
export function nth<V>(map: Map<string, V>, index: number): V {
  const value = Array.from(map.values())[index]
  if (value === undefined) throw new Error(`Failed to find entry ${index} in a map of ${map.size}`)
  return value
}

import { Hono } from 'hono'
import { getResponse, type RequestHandler } from 'msw'
import { createMock, type Mock, type MockOptions } from '../handlers/index.ts'
import type { Store } from './store/index.ts'
import { internalErrorResponse, notFoundResponse } from './wire/index.ts'
import { corsMiddleware } from './cors.ts'
import { createStore } from './create-store.ts'
import { NetworkFault } from './network-fault.ts'

export interface AppOptions extends Omit<MockOptions, 'store'> {
  /** A mock to serve; otherwise one is built from `store` and the settings. */
  mock?: Mock
  /** The state to serve when no `mock` is given; default `createStore()`. */
  store?: Store
  /** The user's own msw handlers, tried when no route of the mock matches. */
  handlers?: readonly RequestHandler[]
  /** CORS for the Node server (any origin, credentials, the requested headers). Default on. */
  cors?: boolean
}

/**
 * The Hono app: every request goes straight to the mock's dispatch (the same resolvers as the
 * msw handlers, without msw's per-request cost); only the user's extra handlers go through
 * msw's `getResponse`.
 * @example const res = await createApp().request('/RestApi/ab-testing', { method: 'PUT' })
 */
export function createApp(options: AppOptions = {}): Hono {
  const mock = options.mock ?? createMock({ ...options, store: options.store ?? createStore() })
  const extra = options.handlers ? [...options.handlers] : []
  const app = new Hono()

  if (options.cors !== false) app.use('*', corsMiddleware())

  app.all('*', async (c) => {
    const request = c.req.raw
    const response = await mock.dispatch(request)
    // `Response.error()` (status 0) is a simulated network fault; `.type` would cost a full Response.
    if (response?.status === 0) throw new NetworkFault()
    if (response) return response
    if (extra.length > 0) {
      const own = await getResponse(extra, request)
      if (own) return own
    }
    return notFoundResponse()
  })
  app.onError((error) => {
    if (error instanceof NetworkFault) throw error
    return internalErrorResponse(error)
  })
  return app
}

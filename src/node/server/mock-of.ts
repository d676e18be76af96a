import type { HttpBindings } from '@hono/node-server'
import type { RequestHandler } from 'msw'
import { createMock } from '../../../handlers/create-mock.ts'
import type { Mock, MockOptions } from '../../mock/index.ts'
import { createStore } from '../../mock/index.ts'
import type { Store } from '../../store/index.ts'
import type { OnMiss } from '../../wire/index.ts'
import { createProxy, defaultProxyTimeoutMs, type ProxyOptions } from '../proxy/proxy.ts'
import type { AllowedHosts } from './host-check.ts'
import type { LargeBodiesOptions } from './large-bodies.ts'
import type { AllowedOrigins } from './origin-check.ts'

export interface AppOptions extends Omit<MockOptions, 'store'> {
  /** A mock to serve; otherwise one is built from `store` and the settings. */
  mock?: Mock
  /** The state to serve when no `mock` is given; default `createStore()`. */
  store?: Store
  /** The user's own msw handlers, tried when no route of the mock matches. */
  handlers?: readonly RequestHandler[]
  /**
   * CORS for the Node server: allowed origins echoed, credentials, the requested headers.
   * Default on; off, answers carry none, as the real host's (the origin check stays).
   */
  cors?: boolean
  /**
   * `Host` names served besides loopback ones (`mock.test`, `.example.com` for a domain and
   * its subdomains), or `true` for any host, which gives up the guard against DNS rebinding.
   * Other hosts get a 403. Default none.
   */
  allowedHosts?: AllowedHosts
  /**
   * Origins whose pages may call the mock besides loopback ones (`https://app.example`,
   * `null`), or `'*'` for any site. A request from another origin gets a 403 before anything
   * runs; a request without an `Origin` is always served. Default none.
   */
  allowedOrigins?: AllowedOrigins
  /** Gets one line per answered request (`PUT /RestApi/… json 200 1.3ms`); default none. */
  log?: (line: string) => void
  /**
   * Gets one line, once, when a page's own restapi-mock worker is found answering the app too
   * (its start asks `/__mock/settings` with `X-Mock-Worker`, past itself); default none.
   */
  warn?: (line: string) => void
  /**
   * The real host: what the mock does not implement is forwarded there (`--proxy`). A URL, or
   * the URL with a time-out and `insecure` for a self-signed certificate. Used when the app
   * builds its mock (no `mock` given).
   */
  proxy?: string | ProxyOptions
  /**
   * Request bodies over 64 KiB (or of unknown length): read side by side within a byte budget
   * (default 16 MiB), each within a deadline (default 25 s, then a 408), and answered one at a
   * time once whole.
   */
  largeBodies?: LargeBodiesOptions
  /**
   * A request no route takes (a mistyped path, another verb, the real host's own route): the
   * 404 names what it was near in `X-Mock-Warning` and the log (`warn`, the default), the
   * connection is dropped with the log saying why (`error`), or the 404 is the plain one (`off`).
   * The journal says it in every mode.
   */
  onMiss?: OnMiss
}

/** What Hono hands the app on the Node server: Node's request and response (none in `app.request()`). */
export type AppEnv = { Bindings: Partial<HttpBindings> }

/** The mock an app or a server serves: the one given, or one built from the options. */
export function mockOf(options: Omit<AppOptions, 'log'>): Mock {
  if (options.mock) return options.mock
  const proxy =
    typeof options.proxy === 'string'
      ? { url: options.proxy, timeoutMs: defaultProxyTimeoutMs, insecure: false }
      : options.proxy
  return createMock({
    ...options,
    store: options.store ?? createStore(),
    fallbacks: [...(options.fallbacks ?? []), ...(proxy ? [createProxy(proxy)] : [])],
  })
}

import { http, type HttpHandler, type HttpResponseResolver } from 'msw'
import { controlPath } from '../src/wire/route/mock-paths.ts'

/** What the mock's msw handlers answer with: the mock's prefixes, and any other path. */
export interface HandlerResolvers {
  readonly answer: HttpResponseResolver
  /**
   * After the mock's prefixes, what else the mock takes: any path with recordings, else only a
   * service path with its base path left out or mistyped (a near miss). The rest is left to
   * msw as unhandled, so `onUnhandledFrame: 'error'` still catches it.
   */
  readonly outside?: OutsideResolver | undefined
}

/** Which other requests the mock takes, and its answer to them (src/mock/outside-resolver.ts). */
export interface OutsideResolver {
  /** May wait: the near-miss search loads on the first request it has a sentence for. */
  readonly takes: (request: Request) => boolean | Promise<boolean>
  readonly answer: (info: { request: Request }) => Promise<Response | undefined>
}

/**
 * The mock's msw handlers for the service at `basePath`: one catch-all per prefix, since the mock
 * routes as the real host does (case-insensitive, extensions, pre-defined routes), which msw's
 * string patterns (case-sensitive) cannot say. Apart from the resolvers so that a page can
 * register them before the mock behind them has loaded (src/browser/start-worker.ts).
 */
export function handlerRoutes(basePath: string, resolvers: HandlerResolvers): HttpHandler[] {
  const handlers = [
    http.all(prefixPattern(basePath, 'i'), resolvers.answer),
    http.all(prefixPattern(controlPath, ''), resolvers.answer),
  ]
  // A recording may hold any path: what it does not match goes on to the network.
  const { outside } = resolvers
  return outside
    ? [...handlers, http.all(({ request }) => outside.takes(request), outside.answer)]
    : handlers
}

/** Any origin, then the prefix as a whole segment: `https://host/RestApi/...`, `/restapi/...`. */
function prefixPattern(prefix: string, flags: string): RegExp {
  const escaped = prefix.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+/+${escaped}(?:/|$)`, flags)
}

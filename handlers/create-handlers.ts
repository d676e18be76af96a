import { http, type HttpHandler } from 'msw'
import { checkHar, createReplay, type Har, type Mock, type MockOptions } from '../src/mock/index.ts'
import { createMock } from './create-mock.ts'
import {
  controlPath,
  fetchHost,
  loginCookie,
  notFoundAnswer,
  sessionCookie,
  toResponse,
  type HeaderName,
} from '../src/wire/index.ts'

export interface HandlerOptions {
  /**
   * The session of every request that names none itself (`X-Mock-Session`, `?__session=`, the
   * cookie): an id, or a function of the request (e.g. the current test's name). Requests of
   * one session see only its state; undefined or null means the shared state.
   */
  readonly session?: string | ((request: Request) => string | null | undefined)
  /**
   * Recordings to serve (HAR 1.2: the mock's own `--record` files, DevTools exports), for what
   * the mock's operations do not answer, whatever the path. See `--replay` for how they match.
   */
  readonly replay?: Har | readonly Har[]
}

/**
 * The msw handler list: hand it to `setupWorker`, `setupServer` or msw-storybook-addon.
 * @example const server = setupServer(...createHandlers({ store: createStore() }))
 */
export function createHandlers(
  options: MockOptions | Mock,
  handlerOptions: HandlerOptions = {},
): HttpHandler[] {
  const mock = 'dispatch' in options ? options : createMock(options)
  const { session } = handlerOptions
  // Each recording is checked as `--replay` checks its file at the start, naming the entry.
  const recordings = (
    handlerOptions.replay === undefined ? [] : [handlerOptions.replay].flat()
  ).map((har, index) => [checkHar(har, `replay ${index + 1}`), `replay ${index + 1}`] as const)
  // Replays go before any proxy, as `--replay` does on the server: a dispatch of the handlers'
  // own, so the mock handed in (and `mock.dispatch`) stays as it was.
  const dispatch =
    recordings.length === 0
      ? mock.dispatch
      : mock.dispatchWith(recordings.map(([har, name]) => createReplay(har, name)))
  // One catch-all per prefix: the mock routes as the real host does (case-insensitive,
  // extensions, pre-defined routes), which msw's string patterns (case-sensitive) cannot say.
  const answer = async ({
    request,
    cookies,
  }: {
    request: Request
    cookies: Record<string, string>
  }): Promise<Response> => {
    // In a service worker a request carries no Cookie header: msw reads the page's cookies.
    const chosen =
      cookies[sessionCookie] ?? (typeof session === 'function' ? session(request) : session)
    // Nor the login cookie, which msw keeps from the login's Set-Cookie (or the page's cookies).
    const login = cookies[loginCookie]
    const sent = request.headers.get('cookie')
    const carried = login === undefined || (sent !== null && sent.includes(loginCookie))
    if (chosen == null && carried)
      return (await dispatch(request)) ?? toResponse(notFoundAnswer(), undefined)
    const fetched = fetchHost(request)
    const cookie = `${sent === null ? '' : `${sent}; `}${loginCookie}=${login}`
    const host = {
      ...fetched,
      ...(chosen == null ? {} : { session: chosen }),
      ...(carried
        ? {}
        : { header: (name: HeaderName) => (name === 'cookie' ? cookie : fetched.header(name)) }),
    }
    return (await dispatch(request, host)) ?? toResponse(notFoundAnswer(), undefined)
  }
  const handlers = [
    http.all(prefixPattern(mock.config.basePath, 'i'), answer),
    http.all(prefixPattern(controlPath, ''), answer),
  ]
  if (recordings.length === 0) return handlers
  // A recording may hold any path: what it does not match goes on to the network.
  const replayed = async ({ request }: { request: Request }): Promise<Response | undefined> =>
    dispatch(request)
  return [...handlers, http.all('*', replayed)]
}

/** Any origin, then the prefix as a whole segment: `https://host/RestApi/...`, `/restapi/...`. */
function prefixPattern(prefix: string, flags: string): RegExp {
  const escaped = prefix.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+/+${escaped}(?:/|$)`, flags)
}

import type { HttpHandler } from 'msw'
import type { Mock, MockOptions } from '../src/mock/index.ts'
import { checkHar, createReplay, type Har } from '../src/mock/replay/index.ts'
import { createMock } from './create-mock.ts'
import { handlerRoutes, type HandlerResolvers } from './handler-routes.ts'
import {
  headerListOf,
  headerMapOf,
  loginCookie,
  notFoundAnswer,
  RequestRecord,
  sessionCookie,
  toResponse,
  type OnMiss,
} from '../src/wire/index.ts'
import { createConsoleNotes } from '../src/mock/console-notes.ts'
import { outsideResolver } from '../src/mock/outside-resolver.ts'

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
  /**
   * A request no route takes (a mistyped path, another verb, the real host's own route): `warn`
   * (default) says what it was near once in the console, `error` fails it (the fetch rejects,
   * its cause naming the fix: for tests), `off` keeps quiet. The 404 carries it in
   * `X-Mock-Warning` and the journal in every mode. `warn` also says each distinct warning of
   * the mock once (an ignored body, a dropped value).
   * @example setupServer(...createHandlers(mock, { onMiss: 'error' }))
   */
  readonly onMiss?: OnMiss
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
  return handlerRoutes(mock.config.basePath, handlerResolvers(mock, handlerOptions))
}

/** What the handlers of `createHandlers` answer with, apart from the paths they take. */
export function handlerResolvers(
  mock: Mock,
  handlerOptions: HandlerOptions = {},
): HandlerResolvers {
  const { session } = handlerOptions
  // Each recording is checked as `--replay` checks its file at the start, naming the entry.
  const recordings = (
    handlerOptions.replay === undefined ? [] : [handlerOptions.replay].flat()
  ).map((har, index) => [checkHar(har, `replay ${index + 1}`), `replay ${index + 1}`] as const)
  // Replays go before any proxy, as `--replay` does on the server: a dispatch of the handlers'
  // own, so the mock handed in (and `mock.dispatch`) stays as it was.
  const dispatch =
    recordings.length === 0
      ? mock.answer
      : mock.answerWith(recordings.map(([har, name]) => createReplay(har, name)))
  const notes = createConsoleNotes(handlerOptions.onMiss)
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
      return (
        notes.answered(request, await dispatch(request)) ?? toResponse(notFoundAnswer(), undefined)
      )
    const list = headerListOf(request.headers)
    const headers = headerMapOf(list)
    if (!carried)
      headers.set('cookie', `${sent === null ? '' : `${sent}; `}${loginCookie}=${login}`)
    const host = new RequestRecord(request, { headers, rawHeaders: list, session: chosen })
    return (
      notes.answered(request, await dispatch(request, host)) ??
      toResponse(notFoundAnswer(), undefined)
    )
  }
  const onMiss = handlerOptions.onMiss ?? 'warn'
  const replays = recordings.length > 0
  return { answer, outside: outsideResolver({ mock, dispatch, notes, onMiss, replays }) }
}

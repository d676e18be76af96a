import { http, type HttpHandler } from 'msw'
import { createMock, type Mock, type MockOptions } from '../src/mock/index.ts'
import { controlPath, notFoundAnswer, toResponse } from '../src/wire/index.ts'

/**
 * The msw handler list: hand it to `setupWorker`, `setupServer` or msw-storybook-addon.
 * @example const server = setupServer(...createHandlers({ store: createStore() }))
 */
export function createHandlers(options: MockOptions | Mock): HttpHandler[] {
  const mock = 'dispatch' in options ? options : createMock(options)
  // One catch-all per prefix: the mock routes as the real host does (case-insensitive,
  // extensions, pre-defined routes), which msw's string patterns (case-sensitive) cannot say.
  const answer = async ({ request }: { request: Request }): Promise<Response> =>
    (await mock.dispatch(request)) ?? toResponse(notFoundAnswer(), undefined)
  return [
    http.all(prefixPattern(mock.config.basePath, 'i'), answer),
    http.all(prefixPattern(controlPath, ''), answer),
  ]
}

/** Any origin, then the prefix as a whole segment: `https://host/RestApi/...`, `/restapi/...`. */
function prefixPattern(prefix: string, flags: string): RegExp {
  const escaped = prefix.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^[a-z][a-z0-9+.-]*://[^/]+/+${escaped}(?:/|$)`, flags)
}

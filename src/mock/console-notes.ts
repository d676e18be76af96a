import type { Answered, OnMiss } from '../wire/index.ts'

// What the msw handlers say in the console of the page or the test run (decisions.md, "Saying
// why"): each distinct warning once, and under `onMiss: 'error'` a request no route took fails
// with the mock's sentence on it.

/** The most distinct lines said; past it one line says so and the console stays quiet. */
const maxRemembered = 500

/** Where the notes go: `console` unless a test hands in its own. */
export type NoteConsole = Pick<Console, 'warn' | 'error'>

/** What the msw handlers say, made once per handler list. */
export interface ConsoleNotes {
  /**
   * Says an answer's warnings once each and, under `error`, turns a request no route took into
   * a network error. Returns the Response to answer with (undefined: let the request go on).
   */
  answered(request: Request, answered: Answered | undefined): Response | undefined
  /** Says a near miss msw is left to treat as unhandled (a path outside the base path). */
  miss(text: string): void
}

export function createConsoleNotes(
  onMiss: OnMiss = 'warn',
  out: NoteConsole = console,
): ConsoleNotes {
  const told = new Set<string>()
  const tellOnce = (line: string): void => {
    if (told.has(line) || told.size > maxRemembered) return
    told.add(line)
    // A flood of distinct warnings (a load test, a crawler) ends in one line, not a scroll.
    out.warn(
      told.size > maxRemembered
        ? `restapi-mock: more than ${maxRemembered} distinct warnings; the rest are only in X-Mock-Warning and the journal`
        : line,
    )
  }
  return {
    answered: (request, answered) => {
      const response = answered?.response
      if (!answered || !response || onMiss === 'off') return response
      const miss = answered.unmatched ? answered.exchange?.miss : undefined
      if (miss !== undefined && onMiss === 'error') {
        // Every time, not once: each failed request is a place where the test went wrong.
        out.error(`restapi-mock: ${miss}`)
        return missError(miss)
      }
      if (miss !== undefined) {
        tellOnce(`restapi-mock: ${miss}`)
        return response
      }
      const warning = response.headers.get('X-Mock-Warning')
      if (warning !== null) {
        const { pathname } = new URL(request.url)
        tellOnce(`restapi-mock: ${request.method} ${pathname} ${response.status}: ${warning}`)
      }
      return response
    },
    miss: (text) => {
      if (onMiss === 'warn') tellOnce(`restapi-mock: ${text}`)
    },
  }
}

/**
 * A network error for a request no route took: the fetch rejects where it was called. msw
 * rejects a Node fetch with this Response as the error's `cause`, so a name and a message on it
 * make Vitest print `Caused by: RestApiMockMiss: no operation answers …` under the failure.
 */
function missError(miss: string): Response {
  const error = Response.error()
  Object.defineProperties(error, {
    name: { value: 'RestApiMockMiss', enumerable: true },
    message: { value: miss, enumerable: true },
  })
  return error
}

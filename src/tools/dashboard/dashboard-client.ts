import type { ErrorResponse } from '../../model/index.ts'

// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.

/** An answer of the control API: its text (to tell an unchanged answer) and its JSON. */
export interface Answer<T> {
  readonly text: string
  readonly data: T
}

/** Calls the control API; an error answer throws its `ResponseStatus.Message`. */
export type Call = <T = unknown>(method: string, path: string, body?: unknown) => Promise<Answer<T>>

/**
 * Runs an action of the page, says how it went (`done`, or what went wrong) and redraws from
 * fresh answers.
 */
export type Act = <T>(
  done: string | ((result: T) => string),
  request: () => Promise<T>,
) => Promise<void>

/** How the client reaches the mock: the page's `fetch`, or a tab of the app's (channel-fetch.ts). */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>

/**
 * The dashboard's client of the control API. Paths are root-relative (`/__mock/...`): they
 * reach the mock in the Node server and behind msw alike.
 */
export function createClient(fetcher: Fetcher): Call {
  return async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' }
    const init: RequestInit = { method, headers }
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(body)
    }
    let response: Response
    try {
      response = await fetcher(path, init)
    } catch (error) {
      throw new Error('Failed to reach the mock: ' + (error as Error).message, { cause: error })
    }
    const text = await response.text()
    let data: unknown = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    if (!response.ok) {
      const status = (data as Partial<ErrorResponse> | null)?.ResponseStatus
      throw new Error(status?.Message || method + ' ' + path + ': ' + response.status)
    }
    return { text, data: data as T }
  }
}

import type { ErrorResponse } from '../../model/index.ts'

/** One request to the control plane (`/__mock/...`) or the service beside it. */
export interface ControlRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** From the mock's origin: `/__mock/state`, `/RestApi/types/typescript`. */
  readonly path: string
  readonly query?: Readonly<Record<string, string | number | undefined>>
  /** Sent as JSON; `undefined` sends no body. */
  readonly body?: unknown
}

/** What the mock answered: its status and its body, as JSON when it is JSON, else as text. */
export interface ControlAnswer {
  readonly status: number
  readonly data: unknown
  readonly text: string
}

/** A request the control plane refused (or could not be sent), said as its answer says it. */
export class ControlError extends Error {
  override readonly name = 'ControlError'
}

/** Calls the mock's control plane; a refusal throws a `ControlError` with the mock's message. */
export type ControlClient = (request: ControlRequest) => Promise<ControlAnswer>

/**
 * A client of one mock's control plane, in one session when `session` is given (every request
 * carries `X-Mock-Session`, as docs/data-and-sessions.md says), else the shared state.
 * @example const call = createControlClient({ origin: 'http://127.0.0.1:4000', session: 'agent' })
 */
export function createControlClient({
  origin,
  session,
}: {
  origin: string
  session?: string | undefined
}): ControlClient {
  return async ({ method, path, query, body }) => {
    const url = new URL(path, origin)
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (session !== undefined) headers['X-Mock-Session'] = session
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
      })
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      throw new ControlError(
        `Failed to reach the mock at ${origin} (${cause?.code ?? cause?.message ?? (error as Error).message}): ` +
          `is it running? Start it with \`npx restapi-mock --port ${new URL(origin).port || 80}\`, ` +
          'or run the mcp command without --url to serve a mock of its own.',
        { cause: error },
      )
    }
    const text = await response.text()
    const data = parsed(text)
    if (!response.ok)
      throw new ControlError(refusal({ method, url, status: response.status, data, text }))
    return { status: response.status, data, text }
  }
}

function parsed(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown)
  } catch {
    return text
  }
}

/** `PUT /__mock/scenarios/nope: 404 ArgumentException: Failed to …`, and each field error. */
function refusal({
  method,
  url,
  status,
  data,
  text,
}: {
  method: string
  url: URL
  status: number
  data: unknown
  text: string
}): string {
  const what = `${method} ${url.pathname}${url.search}: ${status}`
  const responseStatus = (data as Partial<ErrorResponse> | null)?.ResponseStatus
  if (!responseStatus) return `${what}: ${text.slice(0, 500)}`
  const fields = (responseStatus.Errors ?? [])
    .filter((error) => error.FieldName)
    .map((error) => `\n- ${error.FieldName}: ${error.Message}`)
  return `${what} ${responseStatus.ErrorCode}: ${responseStatus.Message}${fields.join('')}`
}

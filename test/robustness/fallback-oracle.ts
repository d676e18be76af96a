import { controlsIn, type FakeUpstream } from '../support/fake-upstream.ts'
import { bodyOf, type FallbackRequest, type Setup } from './fallback-arbitraries.ts'

// What every answer to a request that falls through to a replay or to the proxy must satisfy
// (issue 26, "Done when"): no 5xx but one the mock meant (a fault rule's or `Prefer`'s status,
// the upstream's or the recording's own status, a 502 BadGateway when the upstream broke off or
// was late), no rejection but a deliberate network fault or a recorded failed request, and none
// of the mock's own controls reaching the upstream, nor a faulted request reaching it at all.

/** One way of reaching a mock with a replay and a proxy behind it. */
export interface FallbackRuntime {
  readonly name: 'app' | 'server' | 'msw'
  /** The origin requests are built on. */
  readonly origin: string
  /** The answer; undefined when msw passes the request on. */
  send(request: Request): Promise<Response | undefined>
}

/** What the journal says of one request (found by its `X-Fuzz-Id`). */
interface Entry {
  readonly source: 'mock' | 'proxy' | 'replay'
  readonly status: number
  readonly fault: string | null
  readonly responseHeaders?: readonly (readonly [string, string])[]
}

/** The 1 MiB body limit of the mock, which a replay must hold to as well (issue 26, point 7). */
const bodyLimit = 1024 * 1024

/** Headers a client library refuses to send itself: left out of the requests over HTTP. */
const clientManaged = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive'])

/** The web-standard Request of a generated one, with its `X-Fuzz-Id`. */
export function fallbackRequestOf(
  fuzzed: FallbackRequest,
  fuzzId: string,
  runtime: FallbackRuntime,
): Request {
  const headers = new Headers()
  for (const [name, value] of fuzzed.headers) {
    if (runtime.name === 'server' && clientManaged.has(name.toLowerCase())) continue
    headers.append(name, value)
  }
  headers.set('X-Fuzz-Id', fuzzId)
  const init: RequestInit = { method: fuzzed.method, headers }
  const upper = fuzzed.method.toUpperCase()
  const body = bodyOf(fuzzed)
  if (body !== null && upper !== 'GET' && upper !== 'HEAD') init.body = new Uint8Array(body)
  return new Request(runtime.origin + fuzzed.path + fuzzed.query, init)
}

async function journalEntry(runtime: FallbackRuntime, fuzzId: string): Promise<Entry | undefined> {
  const response = await runtime.send(new Request(`${runtime.origin}/__mock/journal?limit=20`))
  if (response?.status !== 200)
    throw new Error(`Failed to read the journal: ${response?.status ?? 'no answer'}`)
  const { entries } = (await response.json()) as {
    entries: (Entry & { requestHeaders: [string, string][] })[]
  }
  return entries.findLast((entry) =>
    entry.requestHeaders.some(
      ([name, value]) => name.toLowerCase() === 'x-fuzz-id' && value === fuzzId,
    ),
  )
}

/** Sets up a run (a fault rule, latency) through the runtime; a refusal throws. */
export async function applySetup(runtime: FallbackRuntime, setup: Setup): Promise<void> {
  if (setup.kind === 'none') return
  const [path, method, body, status] =
    setup.kind === 'fault'
      ? ['/__mock/faults', 'POST', JSON.stringify(setup.rule), 201]
      : ['/__mock/latency', 'PUT', setup.body, 200]
  const response = await runtime.send(
    new Request(`${runtime.origin}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body,
    }),
  )
  if (response?.status !== status)
    throw new Error(`Failed to set up ${body}: ${response?.status} ${await response?.text()}`)
}

/**
 * Sends one fallback request and answers every way its answer falls short (empty when it holds).
 * `upstream` is the proxy's upstream, or undefined when the runtime has no proxy.
 */
export async function fallbackProblems(
  runtime: FallbackRuntime,
  upstream: FakeUpstream | undefined,
  fuzzed: FallbackRequest,
  fuzzId: string,
): Promise<string[]> {
  const request = fallbackRequestOf(fuzzed, fuzzId, runtime)
  const problems: string[] = []
  let response: Response | undefined
  let rejection: unknown
  try {
    response = await runtime.send(request)
  } catch (error) {
    rejection = error
  }
  const entry = await journalEntry(runtime, fuzzId)
  const received = upstream?.receivedWith(fuzzId) ?? []
  for (const leaked of received.flatMap(controlsIn))
    problems.push(`the mock's control ${leaked} reached the upstream`)
  if (entry?.fault && /^(code=|network)/.test(entry.fault) && received.length > 0)
    problems.push(`a faulted request (${entry.fault}) reached the upstream`)
  const networkFault =
    (entry?.fault ?? '').startsWith('network') || (entry?.source === 'replay' && entry.status === 0)

  if (rejection !== undefined || response?.status === 0) {
    if (!networkFault)
      problems.push(
        `${runtime.name} failed with no network fault asked for: ${String(rejection ?? 'status 0')} (journal: ${JSON.stringify(entry)})`,
      )
    return problems
  }
  if (response === undefined) {
    // msw passes on what none of its handlers (nor the recording) answers.
    if (runtime.name !== 'msw') problems.push(`${runtime.name} gave no answer`)
    return problems
  }
  const { status } = response
  let text = ''
  try {
    text = request.method === 'HEAD' ? '' : await response.text()
  } catch (error) {
    // An upstream that breaks off past the held bytes cuts the body short: meant, for `breaks`.
    if (!fuzzed.aim.breaks) problems.push(`the answer's body broke off: ${String(error)}`)
  }
  if (status >= 500 && !meant5xx(status, text, entry, fuzzed))
    problems.push(
      `a ${status} that no one meant (journal: ${JSON.stringify(entry)}): ${text.slice(0, 200)}`,
    )
  if (
    entry?.source === 'replay' &&
    (fuzzed.padTo ?? 0) > bodyLimit &&
    !['GET', 'HEAD'].includes(fuzzed.method.toUpperCase()) &&
    status < 400
  )
    problems.push(`a ${fuzzed.padTo}-byte body past the 1 MiB limit was replayed (${status})`)
  // The mock's own errors (not the upstream's, not the recording's) are in ServiceStack's shape.
  const plain404 = status === 404 && text === '404'
  // In a type no format writes (a body's own unknown type echoed for `Accept: */*`), the real
  // host writes no body (issue 30, C9).
  const unwritten =
    text === '' && (response.headers.get('x-mock-warning') ?? '').includes('has no writer for')
  if (
    entry?.source === 'mock' &&
    status >= 400 &&
    request.method !== 'HEAD' &&
    !plain404 &&
    !unwritten &&
    !/response_?status/i.test(text)
  )
    problems.push(`the mock's ${status} is not a ResponseStatus: ${text.slice(0, 200)}`)
  return problems
}

/** A 5xx the mock meant: a fault's, the upstream's or the recording's own, or a 502 on a break. */
function meant5xx(
  status: number,
  text: string,
  entry: Entry | undefined,
  fuzzed: FallbackRequest,
): boolean {
  if (entry === undefined) return false
  if (new RegExp(`^code=${status} \\(`).test(entry.fault ?? '')) return true
  const { aim } = fuzzed
  if (entry.source === 'proxy' && aim.kind === 'upstream' && aim.status === status) return true
  if (entry.source === 'replay' && aim.kind === 'replay' && aim.status === status) return true
  return (
    entry.source === 'proxy' &&
    (status === 502 || status === 504) &&
    aim.breaks === true &&
    // The 502 (or the 504 of a time-out) in whatever format the request negotiated (JSON, XML,
    // JSV, CSV, the HTML page), or with no body in a request's own type no format writes (C9).
    (fuzzed.method.toUpperCase() === 'HEAD' ||
      /BadGateway|GatewayTimeout/.test(text) ||
      (text === '' && unwritable(entry)))
  )
}

/** The journal says the answer's type has no writer, so its error went out with no body. */
function unwritable(entry: Entry): boolean {
  return (entry.responseHeaders ?? []).some(
    ([name, value]) => name === 'x-mock-warning' && /has no writer for/.test(value),
  )
}

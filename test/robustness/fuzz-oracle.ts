import { expect } from 'vitest'
import { redactUrl } from '../../src/control/redact/index.ts'
import type { Store } from '../../src/index.ts'
import { buildHostApp } from '../support/index.ts'
import { toRequest, type FuzzRequest } from './request-arbitraries.ts'

// What every answer to a fuzzed request must satisfy (decisions.md section 3: "Never a 500,
// never a crash"), in any runtime that answers a web-standard Request.

/** One runtime: the Hono app (`app.request`) or the msw handlers (`getResponse`). */
export interface Runtime {
  readonly name: 'app' | 'msw'
  send(request: Request): Promise<Response | undefined>
}

const origin = 'http://localhost'

/** The message the dispatch logs when a resolver threw: a bug reached the edge. */
export const unexpectedErrorLog = 'restapi-mock: unexpected error while answering'

/**
 * The fault the journal recorded for this very request (`code=503 (Prefer)`, `network (rule
 * 1)`), or undefined when its last entry is another request. Deliberate faults, and only they,
 * may answer a 5xx or drop the connection.
 */
async function journalFault(runtime: Runtime, url: string): Promise<string | null | undefined> {
  const request = new Request(`${origin}/__mock/journal?limit=1`)
  const { entries } = (await answered(runtime, request, 200)) as {
    entries: { url: string; fault: string | null }[]
  }
  const last = entries.at(-1)
  // The journal writes a secret's value (`?ApiKey=`, `?password=`) as `<redacted>`.
  return last?.url === redactUrl(url) ? last.fault : undefined
}

/** Sends a request that must be answered with `status`; answers its JSON body, if any. */
async function answered(runtime: Runtime, request: Request, status: number): Promise<unknown> {
  const response = await runtime.send(request)
  if (response === undefined) throw new Error(`Failed to get an answer to ${request.url}`)
  if (response.status !== status) {
    throw new Error(`Failed to get a ${status} for ${request.url}: ${response.status}`)
  }
  const text = await response.text()
  return text === '' ? undefined : (JSON.parse(text) as unknown)
}

/** Keys compared as `?jsconfig=` may spell them: any case, snake_case or not. */
function normalizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeKeys)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key.replaceAll('_', '').toLowerCase(),
      normalizeKeys(item),
    ]),
  )
}

/**
 * How a JSON error body falls short of `{"ResponseStatus":{"ErrorCode":…,"Message":…,"Errors":
 * […]}}` in any jsconfig casing; `exact` (no `?jsconfig=`) also wants nothing else beside it
 * and every member present.
 */
function responseStatusProblems(body: unknown, exact: boolean): string[] {
  if (typeof body !== 'object' || body === null) return ['the error body is not an object']
  const problems: string[] = []
  const keys = Object.keys(body)
  if (exact && !(keys.length === 1 && keys[0] === 'ResponseStatus'))
    problems.push(`the error body has members ${JSON.stringify(keys)}`)
  const status = (normalizeKeys(body) as { responsestatus?: unknown }).responsestatus
  if (typeof status !== 'object' || status === null) return [...problems, 'no ResponseStatus']
  const { errorcode, message, errors } = status as Record<string, unknown>
  if (typeof errorcode !== 'string' || errorcode === '')
    problems.push(`ErrorCode is ${JSON.stringify(errorcode)}`)
  if ((exact || message !== undefined) && typeof message !== 'string')
    problems.push(`Message is ${JSON.stringify(message)}`)
  if (
    (exact || errors !== undefined) &&
    !(Array.isArray(errors) && errors.every((entry) => typeof entry === 'object'))
  )
    problems.push(`Errors is ${JSON.stringify(errors)}`)
  return problems
}

/**
 * Sends one fuzzed request and answers every way its answer falls short (empty when it holds):
 * no rejection but a deliberate network fault, no 5xx but a deliberate one, JSON that parses,
 * and every error in the ServiceStack shape.
 */
export async function exchangeProblems(runtime: Runtime, fuzzed: FuzzRequest): Promise<string[]> {
  const request = toRequest(fuzzed)
  const { url, method } = request
  let response: Response | undefined
  try {
    response = await runtime.send(request)
  } catch (error) {
    // The app rejects only for `Prefer: fault=network`, `?__fault=network` or a network rule.
    const asked = ((await journalFault(runtime, url)) ?? '').startsWith('network (')
    return runtime.name === 'app' && (error as Error).name === 'NetworkFault' && asked
      ? []
      : [`${runtime.name} rejected: ${String(error)} (a network fault asked for: ${asked})`]
  }
  if (response === undefined) {
    // msw passes on what none of its handlers matches: only what the mock has no route for.
    const { app } = buildHostApp({ cors: false })
    const plain = await app.request(toRequest(fuzzed))
    const text = method === 'HEAD' ? '404' : await plain.text()
    return runtime.name === 'msw' && plain.status === 404 && text === '404'
      ? []
      : [`${runtime.name} passed on a request the app answers ${plain.status} ${text}`]
  }
  const { status } = response
  if (status === 0) {
    // msw's form of a network fault: `Response.error()`.
    const asked = ((await journalFault(runtime, url)) ?? '').startsWith('network (')
    return runtime.name === 'msw' && response.type === 'error' && asked
      ? []
      : [
          `${runtime.name} answered status 0 (${response.type}; a network fault asked for: ${asked})`,
        ]
  }
  const problems: string[] = []
  if (status < 200 || status >= 600) problems.push(`status ${status}`)
  const text = method === 'HEAD' ? '' : await response.text()
  const type = response.headers.get('content-type') ?? ''
  if (status >= 500 && !deliberate500(status, type, text, url)) {
    const fault = (await journalFault(runtime, url)) ?? ''
    if (!new RegExp(`^code=${status} \\(`).test(fault))
      problems.push(`a ${status} that no one asked for (journal: ${JSON.stringify(fault)})`)
  }
  if (method === 'HEAD') return problems
  // `?debug=` on a JSV answer: indented JSV under the JSON type, as the real host sends it
  // (issue 30, N12).
  const jsvDebug = Boolean(new URL(url).searchParams.get('debug')) && text.startsWith('{\r\n')
  if (/^application\/json/i.test(type) && text !== '' && !jsvDebug) {
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      return [...problems, `JSON that does not parse: ${text.slice(0, 200)}`]
    }
    if (status >= 400)
      problems.push(...responseStatusProblems(parsed, !new URL(url).searchParams.has('jsconfig')))
  }
  // Every other error, in every format, is an ErrorResponse; but in a type no format writes
  // (a body's own unknown type echoed for `Accept: */*`), the real host writes none (issue 30, C9).
  const plain404 = status === 404 && type === 'text/plain' && text === '404'
  const unwritten =
    text === '' && (response.headers.get('x-mock-warning') ?? '').includes('has no writer for')
  if (status >= 400 && !plain404 && !unwritten && !/response_?status/i.test(text))
    problems.push(`a ${status} ${type} answer: ${text.slice(0, 200)}`)
  return problems
}

/**
 * After whatever came before: the control plane still answers, an ordinary update is applied
 * and answered, and the state shows it.
 */
export async function expectStillServing(
  runtime: Runtime,
  store: Store,
  label: string,
): Promise<void> {
  const json = { 'Content-Type': 'application/json', Accept: 'application/json' }
  await answered(runtime, new Request(`${origin}/__mock/faults`, { method: 'DELETE' }), 204)
  const noLatency = { method: 'PUT', headers: json, body: 'null' }
  await answered(runtime, new Request(`${origin}/__mock/latency`, noLatency), 200)

  const key = store.state.comments.keys().next().value
  const message = `still serving (${label})`
  const update = new Request(`${origin}/RestApi/comments-api/comments`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ Key: key, Message: message }),
  })
  const updated = (await answered(runtime, update, 200)) as { Message?: string }
  expect(updated.Message).toBe(message)

  const state = new Request(`${origin}/__mock/state`)
  const { Comments } = (await answered(runtime, state, 200)) as {
    Comments: { Message?: string }[]
  }
  expect(Comments.some((comment) => comment.Message === message)).toBe(true)
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
}

/**
 * The 500s the real host gives too (issue 18), known by their answer: an XML answer that would
 * hold a character XML 1.0 forbids, which ServiceStack's XmlWriter refuses; container info
 * with a container (or its Fields) missing, which the real service dereferences; and container
 * info for a page the state does not hold, which the real service cannot find.
 */
function deliberate500(status: number, type: string, text: string, url: string): boolean {
  if (status !== 500) return false
  const invalidXml =
    type.startsWith('application/xml') &&
    text.includes('<ErrorCode>ArgumentException</ErrorCode>') &&
    /hexadecimal value 0x[0-9A-F]+, is an invalid character\.<\/Message>/.test(text)
  const containers = /containersinfo|ContainerInfoMessage/i.test(url)
  const containerMissing = containers && text.includes('NullReferenceException')
  // A PageId the state does not hold: the host's 500 ItemNotFoundException (issue 30, N6).
  const pageUnknown = containers && text.includes('ItemNotFoundException')
  return invalidXml || containerMissing || pageUnknown
}

// The part of HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) that the mock writes
// when it records and reads when it replays: our own recordings and DevTools exports alike.

export interface HarHeader {
  readonly name: string
  readonly value: string
}

export interface HarEntry {
  readonly startedDateTime: string
  readonly time: number
  readonly request: {
    readonly method: string
    readonly url: string
    readonly httpVersion: string
    readonly headers: readonly HarHeader[]
    readonly queryString: readonly HarHeader[]
    readonly cookies: readonly unknown[]
    readonly postData?: {
      readonly mimeType: string
      readonly text?: string
      readonly encoding?: string
      /** Why the text is missing (`--record` keeps bodies up to `--record-max-body`). */
      readonly comment?: string
    }
    readonly headersSize: number
    readonly bodySize: number
  }
  readonly response: {
    readonly status: number
    readonly statusText: string
    readonly httpVersion: string
    readonly headers: readonly HarHeader[]
    readonly cookies: readonly unknown[]
    readonly content: {
      readonly size: number
      readonly mimeType: string
      readonly text?: string
      readonly encoding?: string
      /** Why the text is missing (`--record` keeps bodies up to `--record-max-body`). */
      readonly comment?: string
    }
    readonly redirectURL: string
    readonly headersSize: number
    readonly bodySize: number
  }
  readonly cache: object
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number }
}

export interface Har {
  readonly log: {
    readonly version: string
    readonly creator: { readonly name: string; readonly version: string }
    readonly entries: readonly HarEntry[]
  }
}

/**
 * A HAR document read from text, its entries checked for everything replaying reads (a method,
 * an absolute URL, a status from 100 to 599 or 0, header names and values HTTP allows, base64
 * that decodes); otherwise an error naming the file and the entry.
 */
export function parseHar(text: string, file: string): Har {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`)
  }
  return checkHar(document, file)
}

/**
 * A HAR document already read (`createHandlers(mock, { replay })`), checked as `parseHar`
 * checks one: an error naming `name` and the entry for what replaying needs and it lacks.
 */
export function checkHar(document: unknown, name: string): Har {
  const entries = (document as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) throw new Error(`${name} has no log.entries list`)
  entries.forEach((entry: unknown, index) => {
    const problem = entryProblem(entry)
    if (problem) throw new Error(`${name}: entry ${index}: ${problem}`)
  })
  return document as Har
}

/** An HTTP token (RFC 9110): what a method or a header name is made of. */
const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** What a header value or a reason phrase may hold: tab, space, visible ASCII and obs-text. */
const fieldText = /^[\t\x20-\x7e\x80-\xff]*$/

/** A name or value quoted for a message, cut short. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text)
}

/**
 * What is wrong with an entry for replaying it, or undefined: everything a replay reads is
 * checked here, so that no entry can fail later, while answering.
 */
function entryProblem(entry: unknown): string | undefined {
  const { request, response } = (entry ?? {}) as Partial<HarEntry>
  if (typeof request?.method !== 'string' || request.method === '')
    return 'request.method is missing'
  if (!token.test(request.method))
    return `request.method ${quoted(request.method)} is not an HTTP method name`
  if (typeof request.url !== 'string' || !URL.canParse(request.url)) {
    return 'request.url is missing or not an absolute URL'
  }
  const postData = request.postData as unknown
  if (postData !== undefined) {
    const problem = isObject(postData)
      ? contentProblem(postData, 'request.postData')
      : 'request.postData is not an object'
    if (problem) return problem
  }
  const status = response?.status
  if (!Number.isInteger(status)) return 'response.status is missing'
  if (status !== 0 && !((status as number) >= 100 && (status as number) <= 599)) {
    return `response.status ${status} is not 0 or from 100 to 599`
  }
  const statusText = response?.statusText as unknown
  if (statusText !== undefined && (typeof statusText !== 'string' || !fieldText.test(statusText)))
    return 'response.statusText is not a string a status line can hold'
  const headers = response?.headers as unknown
  if (headers !== undefined) {
    if (!Array.isArray(headers)) return 'response.headers is not a list'
    for (const [index, header] of headers.entries()) {
      const problem = headerProblem(header, `response.headers[${index}]`)
      if (problem) return problem
    }
  }
  const content = response?.content as unknown
  if (content !== undefined) {
    if (!isObject(content)) return 'response.content is not an object'
    return contentProblem(content, 'response.content')
  }
  return undefined
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function headerProblem(header: unknown, at: string): string | undefined {
  if (!isObject(header)) return `${at} is not an object`
  const { name, value } = header
  if (typeof name !== 'string') return `${at}.name is missing`
  // HTTP/2 pseudo-headers (`:status`) in DevTools exports are skipped when replaying.
  if (!token.test(name) && !/^:[a-z]+$/.test(name))
    return `${at}.name ${quoted(name)} is not an HTTP token`
  if (typeof value !== 'string') return `${at}.value is missing`
  if (!fieldText.test(value)) {
    return `${at}.value (of ${quoted(name)}) holds CR, LF, NUL or another character a header cannot`
  }
  return undefined
}

/** `response.content` or `request.postData`: text and encoding strings, base64 that decodes. */
function contentProblem(content: Record<string, unknown>, at: string): string | undefined {
  const { text, encoding, mimeType } = content
  if (text !== undefined && typeof text !== 'string') return `${at}.text is not a string`
  if (mimeType !== undefined && typeof mimeType !== 'string')
    return `${at}.mimeType is not a string`
  if (encoding !== undefined && typeof encoding !== 'string')
    return `${at}.encoding is not a string`
  if (encoding === 'base64' && typeof text === 'string') {
    try {
      atob(text)
    } catch {
      return `${at}.text is not valid base64 (its encoding says base64)`
    }
  }
  return undefined
}

/** The bytes of base64 text that `checkHar` accepted. */
export function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}

/** The bytes or text of a HAR body (`encoding: base64` for binary). */
export function harBody(
  content: { text?: string; encoding?: string } | undefined,
): string | Uint8Array<ArrayBuffer> | null {
  if (content?.text === undefined) return null
  if (content.encoding !== 'base64') return content.text
  return decodeBase64(content.text)
}

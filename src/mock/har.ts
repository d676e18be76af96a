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
 * A HAR document read from text, its entries checked for what replaying needs (a method, an
 * absolute URL, a status); otherwise an error naming the file and the entry.
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

function entryProblem(entry: unknown): string | undefined {
  const { request, response } = (entry ?? {}) as Partial<HarEntry>
  if (typeof request?.method !== 'string' || request.method === '')
    return 'request.method is missing'
  if (typeof request.url !== 'string' || !URL.canParse(request.url)) {
    return 'request.url is missing or not an absolute URL'
  }
  if (!Number.isInteger(response?.status)) return 'response.status is missing'
  if (response?.content !== undefined && typeof response.content !== 'object') {
    return 'response.content is not an object'
  }
  return undefined
}

/** The bytes or text of a HAR body (`encoding: base64` for binary). */
export function harBody(
  content: { text?: string; encoding?: string } | undefined,
): string | Uint8Array<ArrayBuffer> | null {
  if (content?.text === undefined) return null
  if (content.encoding !== 'base64') return content.text
  return Uint8Array.from(atob(content.text), (char) => char.charCodeAt(0))
}

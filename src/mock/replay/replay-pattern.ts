import {
  loadXmlData,
  normalized,
  parse,
  parseOrNot,
  unparsed,
  xmlOrNot,
  type BodyFormat,
  type XmlData,
} from './body-parse.ts'
import { decodeBase64, type HarEntry } from './har.ts'
import { holdsRedacted, pairsText, redacted, sameData, samePairs, type Pairs } from './same-data.ts'

// What a recorded request asks of a request sent to the replay, and whether one meets it.

/** How open a pattern without a body is: more than any number of redacted values. */
const anyBody = 1_000_000

/** The recorded request of one HAR entry, as a request sent must match it. */
export interface RequestPattern {
  /** `METHOD /path?query` with the query sorted: a sent request's `requestKey` when they match. */
  readonly key: string
  /** `METHOD /path`: where a pattern with redacted query values is looked up. */
  readonly route: string
  readonly query: Pairs
  /** Whether a query value is redacted: then `key` alone cannot find it. */
  readonly openQuery: boolean
  /** Null when the recorded request had no body: any body matches. */
  readonly body: BodyPattern | null
  /**
   * How much it leaves open (a redacted value counts one, no body at all more than any number
   * of them): of the patterns a request matches, the least open answers.
   */
  readonly openness: number
  /** Equal for entries recorded alike: they are served in turn. */
  readonly identity: string
}

/** `METHOD /path?sorted=query` of a request or a recorded one. */
export function requestKey(method: string, path: string, query: Pairs): string {
  return `${method.toUpperCase()} ${path}?${pairsText(query)}`
}

/** The pattern of an entry that `checkHar` accepted. */
export function requestPattern(entry: HarEntry): RequestPattern {
  const url = new URL(entry.request.url)
  const query = [...url.searchParams]
  const key = requestKey(entry.request.method, url.pathname, query)
  const openQuery = query.filter(([, value]) => value === redacted).length
  const body = bodyPattern(entry.request.postData)
  return {
    key,
    route: `${entry.request.method.toUpperCase()} ${url.pathname}`,
    query,
    openQuery: openQuery > 0,
    body,
    openness: openQuery + (body === null ? anyBody : body.openness),
    identity: `${key}\n${body === null ? '-' : `${body.format}\n${body.normalized}`}`,
  }
}

/** A request being matched: its query, and its body parsed at most once in each format. */
export class SentRequest {
  readonly query: Pairs
  /** The body read ('' for none); null until a pattern needs it. */
  text: string | null = null
  readonly #contentType: string
  readonly #parsed = new Map<BodyFormat, Promise<unknown>>()

  constructor(query: Pairs, contentType: string | null) {
    this.query = query
    this.#contentType = contentType ?? ''
  }

  parsed(format: BodyFormat): Promise<unknown> {
    let data = this.#parsed.get(format)
    if (data === undefined) {
      data = parse(format, this.text ?? '', this.#contentType)
      this.#parsed.set(format, data)
    }
    return data
  }
}

/** Whether a sent request's query and body (read into `sent.text`) match a pattern. */
export async function bodyMatches(pattern: BodyPattern, sent: SentRequest): Promise<boolean> {
  if (sent.text === pattern.text) return true
  if (pattern.format === 'text' || sent.text === '' || sent.text === null) return false
  const recorded = await pattern.parsed()
  if (recorded === unparsed) return false
  const data = await sent.parsed(pattern.format)
  if (data === unparsed) return false
  if (pattern.format === 'form') return samePairs(recorded as Pairs, data as Pairs)
  if (pattern.format === 'multipart') {
    const xmlData = await loadXmlData()
    return samePairs(recorded as Pairs, data as Pairs, (part, other) =>
      samePart({ recorded: part, sent: other, xmlData }),
    )
  }
  return sameData(recorded, data)
}

/** Whether a sent query matches a recorded one (any order; a redacted value matches any). */
export function queryMatches(pattern: RequestPattern, sent: SentRequest): boolean {
  return samePairs(pattern.query, sent.query)
}

/** A recorded request body and how it is compared. */
export class BodyPattern {
  readonly format: BodyFormat
  /** As recorded (a base64 body decoded as UTF-8, as a sent body is read). */
  readonly text: string
  /** Equal for bodies recorded alike (JSON and forms whatever their order). */
  readonly normalized: string
  readonly openness: number
  readonly #contentType: string
  #parsed: Promise<unknown> | undefined

  constructor(format: BodyFormat, text: string, contentType: string, parsed?: unknown) {
    this.format = format
    this.text = text
    this.#contentType = contentType
    if (parsed !== undefined) this.#parsed = Promise.resolve(parsed)
    this.normalized = normalized(format, text, parsed)
    this.openness =
      format === 'text'
        ? 0
        : text.split(redacted).length + text.split('&lt;redacted&gt;').length - 2
  }

  /** Parsed in its format, once (a multipart body only when first needed: it parses async). */
  parsed(): Promise<unknown> {
    this.#parsed ??= parse(this.format, this.text, this.#contentType)
    return this.#parsed
  }
}

function bodyPattern(postData: HarEntry['request']['postData']): BodyPattern | null {
  const raw = postData?.text
  if (raw === undefined || raw === '') return null
  const text = postData?.encoding === 'base64' ? new TextDecoder().decode(decodeBase64(raw)) : raw
  const type = postData?.mimeType?.toLowerCase() ?? ''
  if (type.includes('x-www-form-urlencoded')) {
    return new BodyPattern('form', text, type, [...new URLSearchParams(text)])
  }
  if (type.startsWith('multipart/')) {
    return new BodyPattern('multipart', text, multipartType(postData?.mimeType ?? '', text))
  }
  // Any body that is JSON is compared as data, whatever its type says (as before redaction).
  const json = parseOrNot('json', text)
  if (json !== unparsed) return new BodyPattern('json', text, type, json)
  // JSV and XML are parsed only to let a redacted value match any: otherwise, as text. A body
  // of another type that starts as XML does is read as XML, as the recorder reads it.
  if (holdsRedacted(text)) {
    // XML is parsed when first compared (its reader loads on first use); one that does not parse
    // then matches its own text only.
    if (!type.includes('jsv') && looksXml(type, text)) return new BodyPattern('xml', text, type)
    const data = type.includes('jsv') ? parseOrNot('jsv', text) : unparsed
    if (data !== unparsed) return new BodyPattern('jsv', text, type, data)
  }
  return new BodyPattern('text', text, type)
}

function looksXml(type: string, text: string): boolean {
  return type.includes('xml') || (!type.includes('json') && text.trimStart().startsWith('<'))
}

/**
 * A recorded multipart value holding a redacted member (a JSON or XML part) against a sent one:
 * compared as data.
 */
function samePart({ recorded, sent, xmlData }: PartPair): boolean {
  const xml = recorded.trimStart().startsWith('<')
  const data = xml ? xmlOrNot(xmlData, recorded) : parseOrNot('json', recorded)
  const other = xml ? xmlOrNot(xmlData, sent) : parseOrNot('json', sent)
  return data !== unparsed && other !== unparsed && sameData(data, other)
}

interface PartPair {
  readonly recorded: string
  readonly sent: string
  readonly xmlData: XmlData
}

/** A multipart type with its boundary: from the recorded type, else the body's first line. */
function multipartType(mimeType: string, text: string): string {
  if (/;\s*boundary=/i.test(mimeType)) return mimeType
  const boundary = /^--([^\r\n]{1,70})\r?\n/.exec(text)?.[1]
  return boundary === undefined ? mimeType : `multipart/form-data; boundary=${boundary}`
}

import {
  builtInSecretNames,
  hideValues,
  newRedaction,
  placeOfHeader,
  redactHeader,
  redactUrl,
  valuesToHide,
  type Redaction,
  type SecretNames,
} from '../../control/redact/index.ts'
import type { HarEntry, HarHeader } from '../../mock/index.ts'
import { content, decoded, notKept, redactedBytes } from './har-content.ts'

export interface ProxiedExchange {
  /** Epoch ms the request arrived. */
  readonly startedAt: number
  /** ms until the upstream's head, and until its last byte. */
  readonly waitMs: number
  readonly totalMs: number
  readonly method: string
  readonly url: string
  /** Names and values in turn, as sent upstream. */
  readonly requestHeaders: readonly string[]
  /** The body as kept: whole, or null when there was none or it passed the cap. */
  readonly requestBody: Buffer | null
  /** How many bytes the request body had. */
  readonly requestSize: number
  readonly status: number
  readonly statusText: string
  readonly responseHeaders: readonly string[]
  /** The body as kept: whole, or empty when it passed the cap (`responseSize` says how big). */
  readonly responseBody: Buffer
  /** How many bytes the upstream sent, before any decoding. */
  readonly responseSize: number
}

export interface HarEntryOptions {
  /** The most bytes of a body kept, decoded (`--record-max-body`); past it, its size. */
  readonly maxBytes: number
  /** Keep what `redactBody` and `redactHeader` would hide (`--record-secrets`). */
  readonly keepSecrets: boolean
  /** The secret names: the built-in ones, and those of `--redact`. */
  readonly names?: SecretNames
}

function pairs(raw: readonly string[], redaction: Redaction | undefined): HarHeader[] {
  const headers: HarHeader[] = []
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string
    const value = raw[i + 1] as string
    headers.push({ name, value: redaction ? redactHeader(name, value, redaction) : value })
  }
  return headers
}

function headerValue(headers: readonly HarHeader[], name: string): string {
  return headers.find((header) => header.name.toLowerCase() === name)?.value ?? ''
}

/**
 * One proxied exchange as a HAR 1.2 entry. A body up to `maxBytes` (decoded) is kept, one
 * past it is kept as its size and a `comment`; secrets are redacted unless `keepSecrets`: by
 * name first, then each value so hidden wherever else it appears in the entry (the answer's
 * headers and body, the redirect, the URL), when it has `minHiddenLength` characters or more.
 */
export function harEntryOf(exchange: ProxiedExchange, options: HarEntryOptions): HarEntry {
  if (options.keepSecrets) return entryOf(exchange, options, undefined)
  const redaction = newRedaction(options.names ?? builtInSecretNames)
  const named = entryOf(exchange, options, redaction)
  const values = valuesToHide(redaction.found)
  return values.length === 0 ? named : entryOf(exchange, options, redaction, values)
}

/** One pass over an exchange: redacted by name with `byName`, and by value when `values` are given. */
interface Pass {
  readonly maxBytes: number
  readonly byName: Redaction | undefined
  readonly values: readonly string[] | undefined
}

function hide(pass: Pass, text: string, place: 'url' | 'text'): string {
  return pass.values ? hideValues(text, pass.values, place) : text
}

function headersOf(pass: Pass, raw: readonly string[]): HarHeader[] {
  return pairs(raw, pass.byName).map(({ name, value }) => ({
    name,
    value: hide(pass, value, placeOfHeader(name)),
  }))
}

function redact(pass: Pass, bytes: Buffer, type: string): Buffer {
  if (!pass.byName) return bytes
  const named = redactedBytes(bytes, type, pass.byName)
  return pass.values ? redactedBytes(named, type, pass.byName, pass.values) : named
}

/** The entry, redacted by name with `redaction`, and also by value when `values` are given. */
function entryOf(
  exchange: ProxiedExchange,
  options: HarEntryOptions,
  redaction: Redaction | undefined,
  values?: readonly string[],
): HarEntry {
  // The second pass names its values: a fresh redaction, whose finds are not wanted.
  const byName = values ? newRedaction(redaction?.names) : redaction
  const pass: Pass = { maxBytes: options.maxBytes, byName, values }
  const requestHeaders = headersOf(pass, exchange.requestHeaders)
  const responseHeaders = headersOf(pass, exchange.responseHeaders)
  const url = byName ? hide(pass, redactUrl(exchange.url, byName), 'url') : exchange.url
  const postData = postDataOf(pass, exchange, headerValue(requestHeaders, 'content-type'))
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.totalMs,
    request: {
      method: exchange.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: requestHeaders,
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: exchange.requestSize,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      headers: responseHeaders,
      cookies: [],
      content: responseContentOf(pass, exchange, responseHeaders),
      redirectURL: headerValue(responseHeaders, 'location'),
      headersSize: -1,
      bodySize: exchange.responseSize,
    },
    cache: {},
    timings: {
      send: 0,
      wait: exchange.waitMs,
      receive: Math.max(0, exchange.totalMs - exchange.waitMs),
    },
  }
}

/** The request's body as the entry keeps it, or none for a request without one. */
function postDataOf(
  pass: Pass,
  exchange: ProxiedExchange,
  requestType: string,
): HarEntry['request']['postData'] {
  const { maxBytes } = pass
  const requestBody =
    exchange.requestBody && exchange.requestSize <= maxBytes ? exchange.requestBody : null
  return exchange.requestSize === 0
    ? undefined
    : requestBody
      ? { mimeType: requestType, ...content(redact(pass, requestBody, requestType), requestType) }
      : {
          mimeType: requestType,
          comment: notKept(exchange.requestSize, maxBytes),
        }
}

/** The answer's body as the entry keeps it: decoded and redacted, or only its size. */
function responseContentOf(
  pass: Pass,
  exchange: ProxiedExchange,
  responseHeaders: readonly HarHeader[],
): HarEntry['response']['content'] {
  const { maxBytes } = pass
  const { responseSize } = exchange
  const responseType = headerValue(responseHeaders, 'content-type')
  const passed = responseSize > 0 && exchange.responseBody.length === 0
  const responseBody = passed
    ? null
    : decoded(exchange.responseBody, headerValue(responseHeaders, 'content-encoding'), maxBytes)
  return responseBody
    ? {
        size: responseBody.length,
        mimeType: responseType,
        ...content(redact(pass, responseBody, responseType), responseType),
      }
    : {
        size: responseSize,
        mimeType: responseType,
        comment: notKept(responseSize, maxBytes, !passed),
      }
}

import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import {
  builtInSecretNames,
  hideValues,
  hideValuesInBody,
  newRedaction,
  placeOfHeader,
  redactBody,
  redactHeader,
  redactUrl,
  valuesToHide,
  type Redaction,
  type SecretNames,
} from '../../control/redact/index.ts'
import type { HarEntry, HarHeader } from '../../mock/index.ts'

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

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** A body as HAR keeps it: its text when it is text, else base64. */
function content(bytes: Buffer, mimeType: string): { text: string; encoding?: string } {
  const textual =
    /^text\/|json|xml|javascript|csv|jsv|html|x-www-form-urlencoded|multipart\/form-data/i.test(
      mimeType,
    )
  if (textual) {
    try {
      return { text: strictUtf8.decode(bytes) }
    } catch {
      // Not UTF-8 after all: kept as bytes.
    }
  }
  return { text: bytes.toString('base64'), encoding: 'base64' }
}

/**
 * A body with its secrets redacted: text by its type, multipart byte for byte (as latin1).
 * `values`, when given, are hidden by value as well (the second pass), else by name.
 */
function redactedBytes(
  bytes: Buffer,
  mimeType: string,
  redaction: Redaction,
  values?: readonly string[],
): Buffer {
  const redact = (text: string): string =>
    values ? hideValuesInBody(text, mimeType, values) : redactBody(text, mimeType, redaction)
  if (/^multipart\//i.test(mimeType)) return Buffer.from(redact(bytes.toString('latin1')), 'latin1')
  let text: string
  try {
    text = strictUtf8.decode(bytes)
  } catch {
    // Not text: nothing a reader could redact.
    return bytes
  }
  const redacted = redact(text)
  return redacted === text ? bytes : Buffer.from(redacted)
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
 * The body as sent before its Content-Encoding (HAR keeps what the page got, decoded), or
 * null when decoded it would pass `maxBytes`: zlib stops there, so a small bomb never
 * inflates whole.
 */
function decoded(bytes: Buffer, encoding: string, maxBytes: number): Buffer | null {
  const options = { maxOutputLength: Math.max(1, maxBytes) }
  try {
    if (/^(x-)?gzip$/i.test(encoding)) return gunzipSync(bytes, options)
    if (/^deflate$/i.test(encoding)) return inflateSync(bytes, options)
    if (/^br$/i.test(encoding)) return brotliDecompressSync(bytes, options)
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null
    // Not what it said it was: kept as it came.
  }
  return bytes
}

/** The `comment` of a body kept as its size only. */
function notKept(size: number, maxBytes: number, decodesLarger = false): string {
  return decodesLarger
    ? `body not kept: its ${size} bytes decode to more than --record-max-body (${maxBytes} bytes)`
    : `body not kept: ${size} bytes, over --record-max-body (${maxBytes} bytes)`
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

/** The entry, redacted by name with `redaction`, and also by value when `values` are given. */
function entryOf(
  exchange: ProxiedExchange,
  options: HarEntryOptions,
  redaction: Redaction | undefined,
  values?: readonly string[],
): HarEntry {
  const { maxBytes } = options
  // The second pass names its values: a fresh redaction, whose finds are not wanted.
  const byName = values ? newRedaction(redaction?.names) : redaction
  const hide = (text: string, place: 'url' | 'text'): string =>
    values ? hideValues(text, values, place) : text
  const headersOf = (raw: readonly string[]): HarHeader[] =>
    pairs(raw, byName).map(({ name, value }) => ({
      name,
      value: hide(value, placeOfHeader(name)),
    }))
  const requestHeaders = headersOf(exchange.requestHeaders)
  const responseHeaders = headersOf(exchange.responseHeaders)
  const requestType = headerValue(requestHeaders, 'content-type')
  const responseType = headerValue(responseHeaders, 'content-type')
  const redact = (bytes: Buffer, type: string): Buffer => {
    if (!byName) return bytes
    const named = redactedBytes(bytes, type, byName)
    return values ? redactedBytes(named, type, byName, values) : named
  }
  const url = byName ? hide(redactUrl(exchange.url, byName), 'url') : exchange.url
  const requestBody =
    exchange.requestBody && exchange.requestSize <= maxBytes ? exchange.requestBody : null
  const postData =
    exchange.requestSize === 0
      ? undefined
      : requestBody
        ? { mimeType: requestType, ...content(redact(requestBody, requestType), requestType) }
        : {
            mimeType: requestType,
            comment: notKept(exchange.requestSize, maxBytes),
          }
  const { responseSize } = exchange
  const passed = responseSize > 0 && exchange.responseBody.length === 0
  const responseBody = passed
    ? null
    : decoded(exchange.responseBody, headerValue(responseHeaders, 'content-encoding'), maxBytes)
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
      content: responseBody
        ? {
            size: responseBody.length,
            mimeType: responseType,
            ...content(redact(responseBody, responseType), responseType),
          }
        : {
            size: responseSize,
            mimeType: responseType,
            comment: notKept(responseSize, maxBytes, !passed),
          },
      redirectURL: headerValue(responseHeaders, 'location'),
      headersSize: -1,
      bodySize: responseSize,
    },
    cache: {},
    timings: {
      send: 0,
      wait: exchange.waitMs,
      receive: Math.max(0, exchange.totalMs - exchange.waitMs),
    },
  }
}

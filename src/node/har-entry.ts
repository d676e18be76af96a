import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { HarEntry, HarHeader } from '../mock/index.ts'

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
  readonly requestBody: Buffer | null
  readonly status: number
  readonly statusText: string
  readonly responseHeaders: readonly string[]
  /** The body as kept: whole, or empty when it passed the cap (`responseSize` says how big). */
  readonly responseBody: Buffer
  /** How many bytes the upstream sent, before any decoding. */
  readonly responseSize: number
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** A body as HAR keeps it: its text when it is text, else base64. */
function content(bytes: Buffer, mimeType: string): { text: string; encoding?: string } {
  const textual = /^text\/|json|xml|javascript|csv|jsv|html|x-www-form-urlencoded/i.test(mimeType)
  if (textual) {
    try {
      return { text: strictUtf8.decode(bytes) }
    } catch {
      // Not UTF-8 after all: kept as bytes.
    }
  }
  return { text: bytes.toString('base64'), encoding: 'base64' }
}

function pairs(raw: readonly string[]): HarHeader[] {
  const headers: HarHeader[] = []
  for (let i = 0; i < raw.length; i += 2) {
    headers.push({ name: raw[i] as string, value: raw[i + 1] as string })
  }
  return headers
}

function headerValue(headers: readonly HarHeader[], name: string): string {
  return headers.find((header) => header.name.toLowerCase() === name)?.value ?? ''
}

/** The body as sent before its Content-Encoding: HAR keeps what the page got, decoded. */
function decoded(bytes: Buffer, encoding: string): Buffer {
  try {
    if (/^(x-)?gzip$/i.test(encoding)) return gunzipSync(bytes)
    if (/^deflate$/i.test(encoding)) return inflateSync(bytes)
    if (/^br$/i.test(encoding)) return brotliDecompressSync(bytes)
  } catch {
    // Not what it said it was: kept as it came.
  }
  return bytes
}

/** One proxied exchange as a HAR 1.2 entry. */
export function harEntryOf(exchange: ProxiedExchange): HarEntry {
  const requestHeaders = pairs(exchange.requestHeaders)
  const responseHeaders = pairs(exchange.responseHeaders)
  const requestType = headerValue(requestHeaders, 'content-type')
  const responseType = headerValue(responseHeaders, 'content-type')
  const responseBody = decoded(
    exchange.responseBody,
    headerValue(responseHeaders, 'content-encoding'),
  )
  const url = new URL(exchange.url)
  return {
    startedDateTime: new Date(exchange.startedAt).toISOString(),
    time: exchange.totalMs,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      headers: requestHeaders,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      ...(exchange.requestBody && exchange.requestBody.length > 0
        ? { postData: { mimeType: requestType, ...content(exchange.requestBody, requestType) } }
        : {}),
      headersSize: -1,
      bodySize: exchange.requestBody?.length ?? 0,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      headers: responseHeaders,
      cookies: [],
      content: {
        size: responseBody.length,
        mimeType: responseType,
        ...content(responseBody, responseType),
      },
      redirectURL: headerValue(responseHeaders, 'location'),
      headersSize: -1,
      bodySize: exchange.responseBody.length,
    },
    cache: {},
    timings: {
      send: 0,
      wait: exchange.waitMs,
      receive: Math.max(0, exchange.totalMs - exchange.waitMs),
    },
  }
}

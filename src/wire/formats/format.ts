// Which format: the one a body is in (its Content-Type), and the one an answer is written in
// (the negotiation, servicestack-wire.md section 1), from the format registry.
import { formatLists, type Format, type PathExtension } from './format-registry.ts'

export type { Format, PathExtension } from './format-registry.ts'

/** The response formats of the real host, in ServiceStack's registration order (the registry's). */
export const formats: readonly Format[] = formatLists.formats

export const mimeTypes: Readonly<Record<Format, string>> = formatLists.mimeTypes

// Aliases apply to reading bodies only, never to Accept (servicestack-wire.md section 1.4).
// A Map: a client's type such as `constructor` must find nothing, not Object.prototype's.
const readerMimes: ReadonlyMap<string, Format> = formatLists.bodyTypes

export function isFormat(value: string): value is Format {
  return (formats as readonly string[]).includes(value)
}

/**
 * Whether the text after a path's last `.` is an extension the real host strips: a registered
 * format, case-sensitive (ContentTypes.ContentTypeFormats is a plain dictionary).
 */
export function isPathExtension(value: string): value is PathExtension {
  return formatLists.pathExtensions.has(value)
}

/** The format of a Content-Type header (parameters and case ignored, aliases applied). */
export function formatOfContentType(header: string | null): Format | undefined {
  if (!header) return undefined
  // Most clients send the bare type as it is listed: found without building another string.
  return readerMimes.get(header) ?? readerMimes.get(mimeOf(header))
}

/** Form bodies carry no DTO of their own: their fields bind like the query string's. */
export function isFormContentType(header: string | null): boolean {
  if (!header) return false
  const mime = mimeOf(header)
  return mime === 'application/x-www-form-urlencoded' || mime === 'multipart/form-data'
}

/** A Content-Type without its parameters, trimmed and lower-cased. */
function mimeOf(header: string): string {
  const semi = header.indexOf(';')
  return (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase()
}

const { answerTypes, formatContains, acceptPreference, pathExtensions } = formatLists

export interface NegotiationInput {
  readonly accept: string | null
  readonly contentType: string | null
  readonly query: URLSearchParams
  /** A recognised extension stripped from the path's last segment (`.csv`), if any. */
  readonly extension: PathExtension | null
  /** The path's first segment below the base path (`json` in `/json/reply/X`), if any. */
  readonly firstSegment: string | null
  readonly defaultFormat: Format
}

export interface Negotiated {
  readonly format: Format
  /** The response Content-Type header, exactly as the real server writes it. */
  readonly contentType: string
  /** `?callback=`: the body is wrapped as `callback(...)` and served as `text/javascript`. */
  readonly callback: string | null
  /**
   * The answer's type is the request's own, which no format writes (`Accept: *\/*` with a body
   * of an unknown type): the real host has no serializer for it, so nothing is written.
   */
  readonly noWriter?: true
}

/**
 * Chooses the response format exactly as ServiceStack 5 does (servicestack-wire.md section 1.1):
 * extension, then `?callback=`, `?format=`, a pre-defined route's segment, Accept by the
 * preferred list (q ignored), the request Content-Type when Accept has `*\/*`, other formats by
 * prefix, and the default. Never a 406.
 */
export function negotiate(input: NegotiationInput, memo?: NegotiationMemo): Negotiated {
  const callback = jsonpCallback(input.query.get('callback'))
  if (input.extension) return extensionAnswer(input.extension, callback)
  if (callback) return answer('json', callback)

  const fromQuery = queryFormat(input.query.get('format'), input.firstSegment)
  if (fromQuery) return answer(fromQuery, null)

  const { accept, contentType, defaultFormat } = input
  if (accept === null) return answer(defaultFormat, null)
  // What is left depends on the two headers and the default alone, and clients send the same
  // few pairs again and again. Long pairs are not remembered: each would be a key its length.
  if (!memo || accept.length + (contentType?.length ?? 0) > memoKeyLimit) {
    return acceptFormat(input) ?? answer(defaultFormat, null)
  }
  const key = `${defaultFormat}\n${contentType}\n${accept}`
  let negotiated = memo.get(key)
  if (!negotiated) {
    negotiated = acceptFormat(input) ?? answer(defaultFormat, null)
    if (memo.size >= memoLimit) memo.clear()
    memo.set(key, negotiated)
  }
  return negotiated
}

/** Answers remembered by default format and headers; one per mock, passed in. */
export type NegotiationMemo = Map<string, Negotiated>

/** Past this many distinct header pairs the memo starts again: a bound, not an LRU. */
const memoLimit = 256

/** Header pairs longer than this (in characters) are negotiated each time, not remembered. */
const memoKeyLimit = 1024

// A callback is written into a script. ServiceStack 5 makes it safe rather than dropping it
// (`GetJsonpCallback` calls ServiceStack.Text's `SafeVarRef`): every character but letters,
// digits, `.` and `_` becomes `_`, so `a-b` is `a_b(...)` and no script can get through.
const unsafeInCallback = /[^A-Za-z0-9._]/g

function jsonpCallback(value: string | null): string | null {
  return value ? value.replace(unsafeInCallback, '_') : null
}

function queryFormat(format: string | null, firstSegment: string | null): Format | undefined {
  let name: string
  if (format === null) {
    // The pre-defined route check: a first path segment of three or four characters.
    if (!firstSegment || firstSegment.length < 3 || firstSegment.length > 4) return undefined
    name = firstSegment.toLowerCase()
  } else {
    name = (format.split('.', 1)[0] ?? '').toLowerCase()
    // ServiceStack 5 maps any value containing these names (`jsonreport` is JSON).
    for (const contained of formatContains) if (name.includes(contained)) return contained
  }
  return (formats as readonly string[]).includes(name) ? (name as Format) : undefined
}

/** The preferred Accept list with the default format first, one per default. */
const preferredLists = {} as Record<Format, readonly Format[]>
for (const defaultFormat of formats) {
  const rest = acceptPreference.filter((format) => format !== defaultFormat)
  preferredLists[defaultFormat] = [defaultFormat, ...rest]
}

function acceptFormat(input: NegotiationInput): Negotiated | undefined {
  const items = (input.accept ?? '').split(',').map((item) => item.trim())
  const requestType = isFormContentType(input.contentType)
    ? mimeTypes[input.defaultFormat]
    : (input.contentType ?? '')
  const preferred = preferredLists[input.defaultFormat]
  const marked = new Set<Format>()
  let acceptsAnything = false
  for (const item of items) {
    const real = (item.split(';', 1)[0] ?? '').trim().toLowerCase()
    if (real === '*/*') acceptsAnything = true
    for (const format of preferred) {
      const mime = mimeTypes[format]
      if (real.startsWith(mime)) {
        // The request's own type wins at once when the client also accepts it.
        if (mime === requestType) return answer(format, null)
        marked.add(format)
      }
    }
  }
  for (const format of preferred) if (marked.has(format)) return answer(format, null)
  if (acceptsAnything) {
    if (requestType === '') return answer(input.defaultFormat, null)
    const format = formatOfContentType(requestType)
    // An unknown type is echoed too: the real host then finds no serializer for it (SS
    // HttpRequestExtensions.cs l.683–689; Host/ContentTypes.cs GetStreamSerializerAsync).
    if (!format) {
      return {
        format: input.defaultFormat,
        contentType: requestType,
        callback: null,
        noWriter: true,
      }
    }
    // The raw header is echoed, parameters and all, as the real server does; a bare type gets
    // the answer's charset (HostConfig.AppendUtf8CharsetOnContentTypes).
    const contentType = requestType === mimeTypes[format] ? answerTypes[format] : requestType
    return { format, contentType, callback: null }
  }
  for (const item of items) {
    const lower = item.toLowerCase()
    for (const format of formats)
      if (lower.startsWith(mimeTypes[format])) return answer(format, null)
  }
  return undefined
}

/** An extension's format, written with its own Content-Type (`.jsonreport` is the HTML page). */
function extensionAnswer(extension: PathExtension, callback: string | null): Negotiated {
  const found = pathExtensions.get(extension)
  if (!found || found.contentType === answerTypes[found.format]) {
    return answer(found?.format ?? (extension as Format), callback)
  }
  return {
    format: found.format,
    contentType: callback ? 'text/javascript' : found.contentType,
    callback,
  }
}

function answer(format: Format, callback: string | null): Negotiated {
  return {
    format,
    contentType: callback ? 'text/javascript' : answerTypes[format],
    callback,
  }
}

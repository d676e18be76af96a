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

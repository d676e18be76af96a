/** The response formats of the real host, in ServiceStack's registration order. */
export const formats = ['json', 'xml', 'jsv', 'html', 'csv'] as const
export type Format = (typeof formats)[number]

export const mimeTypes: Readonly<Record<Format, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  jsv: 'application/jsv',
  html: 'text/html',
  csv: 'text/csv',
}

// Aliases apply to reading bodies only, never to Accept (servicestack-wire.md section 1.4).
const readerMimes: Readonly<Record<string, Format>> = {
  'application/json': 'json',
  'text/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/jsv': 'jsv',
  'text/jsv': 'jsv',
  'text/csv': 'csv',
  'text/html': 'html',
}

export function isFormat(value: string): value is Format {
  return (formats as readonly string[]).includes(value)
}

/** The format of a Content-Type header (parameters and case ignored, aliases applied). */
export function formatOfContentType(header: string | null): Format | undefined {
  if (!header) return undefined
  const semi = header.indexOf(';')
  const mime = (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase()
  return readerMimes[mime]
}

/** Form bodies carry no DTO of their own: their fields bind like the query string's. */
export function isFormContentType(header: string | null): boolean {
  if (!header) return false
  const mime = header.split(';', 1)[0]?.trim().toLowerCase()
  return mime === 'application/x-www-form-urlencoded' || mime === 'multipart/form-data'
}

import { newRedaction, redactedText, type Redaction } from './secret-names.ts'

/** The boundary a `multipart/…` media type names, or undefined. */
export function multipartBoundary(mimeType: string): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(mimeType)
  return match?.[1] ?? match?.[2]
}

/**
 * A multipart body split at its boundary, each part with its value redacted when its name is
 * secret (`Content-Disposition: form-data; name="password"`) and otherwise given to `redactPart`
 * by its own `Content-Type` (a JSON part, say). The names, the part headers and every byte
 * around them stay; a file part without a secret name is left as it is. Works on text decoded
 * as latin1 too, so that binary parts come back byte for byte.
 */
export function redactMultipart(
  text: string,
  boundary: string,
  redactPart: (body: string, mimeType: string) => string,
  redaction: Redaction = newRedaction(),
): string {
  const delimiter = `--${boundary}`
  return text
    .split(delimiter)
    .map((piece, index) =>
      index === 0 || piece.startsWith('--') ? piece : redactOnePart(piece, redactPart, redaction),
    )
    .join(delimiter)
}

function redactOnePart(
  piece: string,
  redactPart: (body: string, mimeType: string) => string,
  redaction: Redaction,
): string {
  const blank = /\r?\n\r?\n/.exec(piece)
  if (!blank) return piece
  const head = piece.slice(0, blank.index)
  const start = blank.index + blank[0].length
  const end = piece.endsWith('\r\n')
    ? piece.length - 2
    : piece.endsWith('\n')
      ? piece.length - 1
      : piece.length
  if (end <= start) return piece
  const body = piece.slice(start, end)
  const disposition = /^content-disposition:([^\r\n]*)/im.exec(head)?.[1] ?? ''
  const name = /(?:^|[;\s])name\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(disposition)
  const type = /^content-type:\s*([^\r\n]*)/im.exec(head)?.[1]
  let redacted = body
  if (redaction.names.isSecret(name?.[1] ?? name?.[2] ?? '')) {
    redaction.found.add(body.trim())
    redacted = redactedText
  } else if (type !== undefined) redacted = redactPart(body, type)
  return redacted === body ? piece : piece.slice(0, start) + redacted + piece.slice(end)
}

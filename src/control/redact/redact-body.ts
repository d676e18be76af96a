import { redactJson } from './redact-json.ts'
import { redactJsv } from './redact-jsv.ts'
import { multipartBoundary, redactMultipart } from './redact-multipart.ts'
import { redactQuery } from './redact-query.ts'
import { redactText } from './redact-text.ts'
import { redactXml } from './redact-xml.ts'
import { newRedaction, type Redaction } from './secret-names.ts'

/**
 * A body with the values of its secret names redacted (see secret-names.ts), read by its media
 * type: a form, multipart parts, JSON, JSV and XML members at any depth. A body of another
 * text type is read as JSON or XML when it looks like one (`text/plain` JSON), and a body no
 * reader takes (a cut one, say) is redacted as its look allows. Names and structure stay;
 * a body with nothing to redact comes back as it was. Pages, scripts and style sheets are
 * left whole: what they hold is served to every browser, and a replayed script must still run.
 */
export function redactBody(
  text: string,
  mimeType: string,
  redaction: Redaction = newRedaction(),
): string {
  if (!redaction.names.mayHold(text)) return text
  const type = mimeType.toLowerCase()
  if (/html|javascript|ecmascript|css/.test(type)) return text
  const boundary = type.startsWith('multipart/') ? multipartBoundary(mimeType) : undefined
  if (boundary !== undefined) {
    const part = (body: string, partType: string): string => redactBody(body, partType, redaction)
    return redactMultipart(text, boundary, part, redaction)
  }
  if (type.includes('x-www-form-urlencoded')) return redactQuery(text, redaction)
  const start = text.trimStart().charAt(0)
  const redacted = type.includes('jsv')
    ? redactJsv(text, redaction)
    : type.includes('xml') || (!type.includes('json') && start === '<')
      ? redactXml(text, redaction)
      : type.includes('json') || start === '{' || start === '['
        ? redactJson(text, redaction)
        : undefined
  return redacted ?? redactText(text, redaction)
}

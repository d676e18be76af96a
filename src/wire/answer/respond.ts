import { ErrorResponse, type DtoDef } from '../../model/index.ts'
import { InvalidXmlCharacter, UnwritableEnumValue } from '../formats/xml/xml-escape.ts'
import { fitList } from '../request/list-limit.ts'
import type { Answer, RequestContext } from '../request-context.ts'
import { addAnswerHeaders } from './answer-headers.ts'
import { utf8Length } from '../request/utf8-length.ts'
import { writeCsv } from '../formats/csv.ts'
import { writeHtml } from '../formats/html.ts'
import { writeJson } from '../formats/json.ts'
import { writeJsv } from '../formats/jsv-write.ts'
import { writeXml } from '../formats/xml/xml.ts'
import type { Format } from '../formats/format.ts'
import { defaultWriteOptions } from '../formats/jsconfig.ts'
import { formatJsv } from '../formats/jsv-format.ts'

export type { Answer } from '../request-context.ts'

/** The web-standard Response of an answer, with the host's headers added. */
export function toResponse(
  answer: Answer,
  answerHeaders: Readonly<Record<string, string>> | undefined,
): Response {
  const { status, statusText, headers } = answer
  if (answerHeaders) addAnswerHeaders(headers, answerHeaders)
  if (isText(headers)) headers['X-Content-Type-Options'] = 'nosniff'
  return new Response(
    answer.body,
    statusText ? { status, statusText, headers } : { status, headers },
  )
}

/**
 * Whether an answer is text (`text/plain`, `text/html`, `text/csv`…): it says
 * `X-Content-Type-Options: nosniff`, so that no browser takes a 404 page that quotes the
 * request (`?op=<script>`) for markup or a script it may run.
 */
function isText(headers: Record<string, string>): boolean {
  for (const name in headers) {
    if (name.length === 12 && name.toLowerCase() === 'content-type') {
      return /^\s*text\//i.test(headers[name] as string)
    }
  }
  return false
}

export interface RespondInit {
  readonly status?: number
  readonly statusText?: string | undefined
  /** The CSV attachment name; errors raised before the service get none. Default true. */
  readonly attachment?: boolean
}

/**
 * A DTO in the negotiated format, with the real host's headers: the Content-Type it writes,
 * `Vary: Accept`, the CSV attachment name and length, and the mock's warnings.
 */
export function respond(
  ctx: RequestContext,
  def: DtoDef,
  value: object,
  init: RespondInit = {},
): Answer {
  const { negotiated } = ctx
  if (negotiated.noWriter) return unwritten(ctx, def, init)
  if (negotiated.format === 'jsv' && ctx.query.get('debug') && init.attachment !== false) {
    return jsvDebug(ctx, def, value, init)
  }
  let body: string
  try {
    body = writers[negotiated.format](def, value, ctx)
  } catch (error) {
    if (!(error instanceof InvalidXmlCharacter || error instanceof UnwritableEnumValue)) throw error
    // The real XmlWriter throws an ArgumentException inside WriteToResponse (issue 18), and
    // DataContractSerializer a SerializationException for an undefined enum value (C8), which
    // SF's UncaughtExceptionHandlers answer with `ex.ToStatusCode()`: 400 (SS
    // `HttpRequestExtensions.cs` l.279), reason `Bad Request` (SS
    // `HttpResponseExtensionsInternal.cs` l.504–511; SF `ServiceStackAppHost.cs` l.71–78). The
    // real body is the flushed part of the answer, then the error; the mock's is the error alone.
    ctx.warnings.add(
      error instanceof UnwritableEnumValue
        ? `the real XML writer cannot write this value: ${error.message}`
        : `an XML answer cannot hold this text: ${error.message}`,
    )
    const status = { ErrorCode: error.name, Message: error.message, StackTrace: null }
    const failed = { ResponseStatus: { ...status, Errors: [], Meta: null } }
    return respond(ctx, ErrorResponse, failed, { status: 400, statusText: 'Bad Request' })
  }
  if (negotiated.callback) body = `${negotiated.callback}(${body})`
  // A plain record: the Node server writes it as it is (an undici Headers costs a copy).
  const headers: Record<string, string> = {
    'Content-Type': negotiated.contentType,
    Vary: 'Accept',
  }
  // The real CsvFormat filter compares the type exactly: an echoed `text/csv; …` gets none.
  if (negotiated.contentType === 'text/csv' && !negotiated.callback && init.attachment !== false) {
    headers['Content-Disposition'] = `attachment;filename="${ctx.operationName}.csv"`
    // The real host sends the length too; on the Node server it also spares a copy of the
    // Content-Disposition value per answer (docs/performance.md, "CSV Content-Length").
    headers['Content-Length'] = String(utf8Length(body))
  }
  if (ctx.warnings.count > 0)
    headers['X-Mock-Warning'] = warningHeader(ctx.warnings.list, ctx.warnings.count)
  return { status: init.status ?? 200, statusText: init.statusText, headers, body }
}

/**
 * An answer in a type no format writes, the request's own (`Accept: *\/*`): the real host's
 * SerializeUnknownContentType writes nothing for an ErrorResponse, and throws
 * NotSupportedException for any other DTO (SS Host/ContentTypes.cs l.149–178), which SF's
 * UncaughtExceptionHandlers answer with its status, 405 (SS HttpRequestExtensions.cs l.276;
 * SF ServiceStackAppHost.cs l.71–78), again with no body. The type is echoed in both.
 */
function unwritten(ctx: RequestContext, def: DtoDef, init: RespondInit): Answer {
  const type = ctx.negotiated.contentType
  const isError = def === ErrorResponse
  ctx.warnings.add(
    isError
      ? `the real server has no writer for '${type}' and answers the error with no body (with Accept: */*, the answer takes the request's Content-Type); send Accept: application/json to read the error`
      : `the real server has no writer for '${type}': NotSupportedException, a 405 with no body`,
  )
  const headers: Record<string, string> = { 'Content-Type': type, Vary: 'Accept' }
  headers['X-Mock-Warning'] = warningHeader(ctx.warnings.list, ctx.warnings.count)
  return isError
    ? { status: init.status ?? 500, statusText: init.statusText, headers, body: '' }
    : { status: 405, statusText: undefined, headers, body: '' }
}

/**
 * `?format=jsv&debug=<any>`: HandleResponseNext sends a JSV answer of the service to
 * WriteDebugResponse (SS Host/Handlers/ServiceStackHandlerBase.cs l.121–126, 282–291), which
 * writes `dto.SerializeAndFormat()`, JsvFormatter's indented JSV (SST TypeSerializer.cs
 * l.311–319). It serializes for a `new BasicRequest { ContentType = PlainText }`, whose
 * ResponseContentType stays the constructor's JSON (SS Host/BasicRequest.cs l.45): that is the
 * answer's type (HttpResponseExtensionsInternal.cs l.159, 264–280), and `?jsconfig=`, read
 * from that request's empty query string, does not apply. Errors raised before the service
 * (`init.attachment === false`) never reach it.
 */
function jsvDebug(ctx: RequestContext, def: DtoDef, value: object, init: RespondInit): Answer {
  const compact = writers.jsv(def, value, { ...ctx, writeOptions: defaultWriteOptions })
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    Vary: 'Accept',
  }
  if (ctx.warnings.count > 0)
    headers['X-Mock-Warning'] = warningHeader(ctx.warnings.list, ctx.warnings.count)
  const body = formatJsv(compact)
  return { status: init.status ?? 200, statusText: init.statusText, headers, body }
}

/** The longest header value the mock writes, in characters. */
const headerLimit = 2000

/** Header values are bytes: anything outside printable ASCII is escaped, and length capped. */
export function headerSafe(text: string): string {
  const ascii = asciiOnly(text)
  return ascii.length > headerLimit ? `${ascii.slice(0, headerLimit - 3)}...` : ascii
}

function asciiOnly(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * `X-Mock-Warning`: the warnings that fit in the header, then `... and N more` for the rest, so
 * the header says how many it left out rather than stopping mid-word.
 */
function warningHeader(warnings: readonly string[], count: number): string {
  if (count === 1) return headerSafe(warnings[0] as string)
  return fitList(warnings.map(asciiOnly), count, headerLimit, '...').join('; ')
}

export type Writer = (def: DtoDef, value: object, ctx: RequestContext) => string

/**
 * Every format's writer. Answers need them all at once; the readers of CSV and XML bodies load
 * apart (`readerOf`), with their parsers.
 */
export const writers: Readonly<Record<Format, Writer>> = {
  json: (def, value, ctx) => writeJson(def, value, ctx.writeOptions),
  jsv: (def, value, ctx) => writeJsv(def, value, ctx.writeOptions),
  csv: (def, value, ctx) => writeCsv(def, value, ctx.writeOptions),
  xml: (def, value, ctx) => writeXml(def, value, ctx.config.xmlNamespaces),
  // Only the HTML page needs the whole URL (its links to the other formats).
  html: (def, value, ctx) =>
    writeHtml({
      def,
      value,
      url: new URL(ctx.request.url),
      operationName: ctx.operationName,
      now: ctx.now,
      writeOptions: ctx.writeOptions,
    }),
}

import type { DtoDef } from '../model/index.ts'
import type { WriteContext } from './codecs.ts'
import type { WriteOptions } from './formats/jsconfig.ts'
import { addHostHeaders } from './host-headers.ts'
import { fitList } from './list-limit.ts'
import type { RequestContext } from './request-context.ts'
import { utf8Length } from './utf8-length.ts'
import { writers } from './writers.ts'

/**
 * The response for a DTO in the negotiated format, with the real host's headers: the
 * Content-Type it writes, `Vary: Accept`, the CSV attachment name, and the mock's warnings.
 */
export function respond(
  ctx: RequestContext,
  def: DtoDef,
  value: object,
  init: { status?: number; statusText?: string; attachment?: boolean } = {},
): Response {
  const { negotiated } = ctx
  let body = writers[negotiated.format](def, value, new WriteContextOf(ctx))
  if (negotiated.callback) body = `${negotiated.callback}(${body})`
  ctx.trace.responseBody = body
  // A plain record: the Node server writes it as it is (an undici Headers costs a copy).
  const headers: Record<string, string> = {
    'Content-Type': negotiated.contentType,
    Vary: 'Accept',
  }
  // The real CsvFormat filter compares the type exactly: an echoed `text/csv; …` gets none.
  if (negotiated.contentType === 'text/csv' && !negotiated.callback && init.attachment !== false) {
    headers['Content-Disposition'] = `attachment;filename="${ctx.operationName}.csv"`
    // The real host sends the length too. On the Node server it also keeps Node from making
    // a Buffer of the Content-Disposition value (Latin-1 bytes, read back as text) on every
    // answer, which it does whenever it set the length itself: measured with callgrind, 29,000
    // of 201,000 instructions per CSV answer, most of them the garbage collector's.
    headers['Content-Length'] = String(utf8Length(body))
  }
  if (ctx.warnings.length > 0) headers['X-Mock-Warning'] = warningHeader(ctx)
  if (ctx.hostHeaders) addHostHeaders(headers, ctx.hostHeaders)
  ctx.trace.responseHeaders = headers
  return new Response(body, {
    status: init.status ?? 200,
    ...(init.statusText ? { statusText: init.statusText } : {}),
    headers,
  })
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
function warningHeader(ctx: RequestContext): string {
  const { warnings, warningCount } = ctx
  if (warningCount === 1) return headerSafe(warnings[0] as string)
  return fitList(warnings.map(asciiOnly), warningCount, headerLimit, '...').join('; ')
}

/**
 * Only the HTML page reads the URL: a getter keeps it unparsed for every other format. A class,
 * as an object literal with a getter is built by the runtime's slow path on every answer.
 */
class WriteContextOf implements WriteContext {
  readonly #ctx: RequestContext
  readonly options: WriteOptions
  readonly operationName: string
  readonly xmlNamespaces: Readonly<Record<string, string>>

  constructor(ctx: RequestContext) {
    this.#ctx = ctx
    this.options = ctx.writeOptions
    this.operationName = ctx.operationName
    this.xmlNamespaces = ctx.config.xmlNamespaces
  }

  get url(): URL {
    return this.#ctx.url
  }
}

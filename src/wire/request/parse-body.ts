import type { DtoDef } from '../../model/index.ts'
import { formatOfContentType, type Format } from '../formats/format.ts'
import { readJson } from '../formats/json.ts'
import { readJsv } from '../formats/jsv-read.ts'
import type { Loose } from './loose.ts'
import type { RequestContext } from '../request-context.ts'
import { ignoredBodyWarning } from './body-hints.ts'

export type Reader = (text: string, def: DtoDef, ctx: RequestContext) => Loose

/**
 * The readers of the common bodies (the registry's `reader: 'eager'` rows): small, and on the path
 * of almost every update.
 */
export const eagerReaders: Readonly<Partial<Record<Format, Reader>>> = {
  json: (text, def, ctx) => readJson(text, def.name, ctx.config.limits, (m) => ctx.warnings.add(m)),
  jsv: (text, _def, ctx) => readJsv(text, ctx.config.limits),
}

/**
 * The reader of a body format, or none. CSV's and XML's bring their parsers, so they load with
 * the codecs on the first such body: a browser page that never sends one does not carry them
 * (docs/performance.md, "Browser bundle").
 */
export function readerOf(format: Format): Reader | undefined | Promise<Reader | undefined> {
  const eager = eagerReaders[format]
  if (eager) return eager
  return import('../formats/codecs.ts').then(({ codecs }) => codecs[format].read)
}

/** Bodies longer than this are parsed and bound in separate turns of the event loop. */
export const largeText = 64 * 1024

/**
 * The request body as a loose tree, read by its Content-Type alone (or a pre-defined route's
 * format), or undefined when it has none to read; an ignored body is noted as a warning. A
 * promise only where it must wait: for a CSV or XML reader's module to load, or for its own
 * turn of the event loop (a large body), so the common body costs no extra await.
 */
export function parseBody(
  ctx: RequestContext,
  def: DtoDef,
  text: string,
): Loose | undefined | Promise<Loose | undefined> {
  if (text.trim() === '') return undefined
  const format = ctx.bodyFormat ?? formatOfContentType(ctx.contentType)
  const reader = format === undefined ? undefined : readerOf(format)
  if (reader instanceof Promise || text.length > largeText) {
    return parseLater(ctx, def, text, format, reader)
  }
  return parseWith(ctx, def, text, format, reader)
}

async function parseLater(
  ctx: RequestContext,
  def: DtoDef,
  text: string,
  format: Format | undefined,
  reader: Reader | undefined | Promise<Reader | undefined>,
): Promise<Loose | undefined> {
  const read = await reader
  // A large body is parsed in its own turn, so the small requests waiting meanwhile are
  // answered between the parse and the binding, not after both.
  if (text.length > largeText) await nextTurn()
  return parseWith(ctx, def, text, format, read)
}

function parseWith(
  ctx: RequestContext,
  def: DtoDef,
  text: string,
  format: Format | undefined,
  read: Reader | undefined,
): Loose | undefined {
  if (!read || format === undefined) {
    ctx.warnings.add(
      ctx.bodyFormat !== null
        ? `the ${ctx.bodyFormat} route reads no request body: the body was ignored`
        : ignoredBodyWarning(ctx, text),
    )
    return undefined
  }
  return isObjectNotationCsv(format, text)
    ? readObjectNotation(text, def, ctx)
    : read(text, def, ctx)
}

/**
 * The spec's samples send JSON object notation as text/csv: a ServiceStack metadata-page
 * artefact (servicestack-wire.md section 3.4).
 */
function isObjectNotationCsv(format: Format, text: string): boolean {
  return format === 'csv' && text.trimStart().startsWith('{')
}

/** decisions.md: such a body is read as an object, in JSON notation or, failing that, JSV. */
function readObjectNotation(text: string, def: DtoDef, ctx: RequestContext): Loose {
  try {
    return readJson(text, def.name, ctx.config.limits, (m) => ctx.warnings.add(m))
  } catch (jsonError) {
    try {
      return readJsv(text, ctx.config.limits)
    } catch {
      throw jsonError
    }
  }
}

export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

import type { DtoDef } from '../model/index.ts'
import { formatOfContentType, type Format } from './format.ts'
import { readJson } from './formats/json.ts'
import { readJsv } from './formats/jsv-read.ts'
import type { Loose } from './loose.ts'
import { readerOf } from './reader-of.ts'
import type { RequestContext } from './request-context.ts'

/** Bodies longer than this are parsed and bound in separate turns of the event loop. */
export const largeText = 64 * 1024

/**
 * The request body as a loose tree, read by its Content-Type alone (or a pre-defined route's
 * format), or undefined when it has none to read; an ignored body is noted as a warning.
 */
export async function parseBody(ctx: RequestContext, def: DtoDef): Promise<Loose | undefined> {
  const text = await ctx.body.text()
  if (text.trim() === '') return undefined
  const format = ctx.bodyFormat ?? formatOfContentType(ctx.contentType)
  // JSON and JSV read at once; a CSV or XML body waits for its reader's module to load.
  const reader = format === undefined ? undefined : readerOf(format)
  const read = reader instanceof Promise ? await reader : reader
  if (!read || format === undefined) {
    ctx.warnings.add(
      ctx.bodyFormat !== null
        ? `the ${ctx.bodyFormat} route reads no request body: the body was ignored`
        : ctx.contentType === null
          ? 'the request has a body but no Content-Type: the body was ignored'
          : `Content-Type '${ctx.contentType}' has no reader: the body was ignored`,
    )
    return undefined
  }
  // A large body is read in its own turn of the event loop, so the small requests waiting
  // meanwhile are answered between the parse and the binding, not after both.
  if (text.length > largeText) await nextTurn()
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
    return readJson(text, def.name, ctx.config.limits)
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

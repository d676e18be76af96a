import type { DtoDef } from '../../model/index.ts'
import type { Format } from './format.ts'
import { readJson } from './json.ts'
import { readJsv } from './jsv-read.ts'
import type { Loose } from '../request/loose.ts'
import type { RequestContext } from '../request-context.ts'

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
  return import('./codecs.ts').then(({ codecs }) => codecs[format].read)
}
